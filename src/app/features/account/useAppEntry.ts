import { AccountText } from '../../../contract';
import { showAlert } from '../../components/Toaster';
import { getAppType } from '../../lib/app-type';
import { useInstallPrompt } from '../../lib/install';
import { useCommonInfo } from '../support/useCommonInfo';

/**
 * The app entry of Mine and of the home screen: the configured download link (not inside the app
 * shell), else add to home screen — the browser's prompt, the iOS how-to sheet, or the words to do it
 * from the browser menu — so the entry is never a dead link.
 */
export function useAppEntry() {
  const { data: common } = useCommonInfo();
  const installer = useInstallPrompt();
  const downloadUrl = common?.appDownloadUrl && getAppType() !== 'shell' ? common.appDownloadUrl : null;
  const install = async () => {
    if (installer.installed) return showAlert(AccountText.installed);
    const outcome = await installer.install();
    if (outcome === 'unavailable') showAlert(AccountText.installUnavailable);
  };
  return { downloadUrl, installed: installer.installed, install };
}
