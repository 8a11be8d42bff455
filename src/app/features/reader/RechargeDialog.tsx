import { useNavigate } from '@tanstack/react-router';
import { Msg } from '../../../contract';
import { Dialog } from '../../components/Dialog';

/** 金币不足，前往充值: a buy answered 999 (spec §4). */
export function RechargeDialog({
  open,
  bookId,
  onClose,
}: {
  open: boolean;
  bookId: number;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      actions={[
        { label: Msg.cancel, onClick: onClose },
        {
          label: Msg.recharge,
          primary: true,
          onClick: () => {
            onClose();
            void navigate({ to: '/purchase', search: { bookId } });
          },
        },
      ]}
    >
      {Msg.notEnoughCoins}
    </Dialog>
  );
}
