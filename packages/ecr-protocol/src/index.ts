/**
 * @fiscal-pos/ecr-protocol: the card terminal's ECR protocol, coded once for the terminal's
 * driver and for card-sim, its second implementation.
 */
export {
  DECLINE_CODES,
  ECR_BASE_PATH,
  ECR_CURRENCY,
  ECR_MAX_AMOUNT,
  ECR_OPERATIONS,
  ecrErrorStatus,
  errorReplySchema,
  purchaseRequestSchema,
  refundRequestSchema,
  reversalReplySchema,
  reversalRequestSchema,
  statusReplySchema,
  transactionReplySchema,
  voidRequestSchema,
  type EcrErrorCode,
  type EcrOperation,
  type EcrTransactionOperation,
  type ErrorReply,
  type PurchaseRequest,
  type RefundRequest,
  type ReversalReply,
  type ReversalRequest,
  type StatusReply,
  type TransactionReply,
  type VoidRequest,
} from './messages.js';
