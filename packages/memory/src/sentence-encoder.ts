export {
  createSentenceEncoder,
  type SentenceEncoderOptions,
  sentenceEncoderDimensions,
  sentenceEncoderFusionMargin,
} from './embedders/sentence-encoder/sentence-encoder.js';
export { SentenceEncoderUnavailable } from './embedders/sentence-encoder/sentence-encoder-unavailable.js';
