import type { Gesture, Mood } from './cast.js';

/** The face and pose a demo character says a line with, and how the one listening takes it. */

const ALARM =
  /快看|快跑|小心|警报|糟了|完了|不见了|怎么会|别动|在晃|来不及|什么？|！？|？！|出事了|黑屏|不可能/;
const ANGRY = /怪你|你疯了|怎么不早说|为什么总是|别听|起来！|比就比|谁怕谁|还可怕|你自己心里清楚|靠谱/;
const HAPPY =
  /哈哈|太好了|赢了|谢谢|好喝|漂亮|好球|真好|好听|好香|开心|完美|有你在|加油|拼了|交给我|算我一个|我陪你/;
const SAD = /对不起|全完了|害怕|我怕|太重了|活不过|毁了|不行了/;
const POINT = /你看|看这|这里|那边|指|快看|前面|这边走/;

/**
 * The face and pose a line is said with: a question looks surprised or thoughtful, a shout angry or
 * cheering, an apology sad, news pointed at.
 */
export function expressionOf(text: string): { mood: Mood; gesture: Gesture } {
  const t = text.trim();
  const point = POINT.test(t);
  if (ALARM.test(t)) return { mood: 'surprised', gesture: point ? 'point' : 'stand' };
  if (ANGRY.test(t)) return { mood: 'angry', gesture: 'hips' };
  if (/哈哈/.test(t)) return { mood: 'laugh', gesture: 'cheer' };
  if (HAPPY.test(t)) return { mood: t.endsWith('？') ? 'surprised' : 'happy', gesture: 'cheer' };
  if (SAD.test(t)) return { mood: t.endsWith('？') ? 'worried' : 'sad', gesture: 'stand' };
  if (t.endsWith('？')) {
    return /怎么|为什么|谁|什么|真的|吗？$/.test(t) && !/怎么办|怎么做|什么时候/.test(t)
      ? { mood: 'surprised', gesture: point ? 'point' : 'stand' }
      : { mood: 'thinking', gesture: 'think' };
  }
  if (t.endsWith('……') || t.endsWith('——')) return { mood: 'worried', gesture: 'think' };
  if (t.endsWith('！')) return { mood: 'angry', gesture: point ? 'point' : 'hips' };
  return { mood: point ? 'happy' : 'neutral', gesture: point ? 'point' : 'stand' };
}

/** How the one who listens takes it. */
export const REACTION: Record<Mood, Mood> = {
  surprised: 'surprised',
  angry: 'worried',
  laugh: 'laugh',
  happy: 'happy',
  sad: 'worried',
  worried: 'worried',
  thinking: 'thinking',
  neutral: 'neutral',
};
