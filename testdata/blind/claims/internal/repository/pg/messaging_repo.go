package pg

import (
	"context"

	"github.com/google/uuid"

	"github.com/harborline/claims/internal/notify"
	"github.com/harborline/claims/internal/payouts"
	"github.com/harborline/claims/internal/platform/txctx"
	"github.com/harborline/claims/internal/repairs"
	"github.com/harborline/claims/internal/store/dbgen"
	"github.com/harborline/claims/internal/subrogation"
	"github.com/harborline/claims/internal/triage"
)

// WebhookRepo tracks processed provider webhooks.
type WebhookRepo struct{ base }

// NewWebhookRepo builds a WebhookRepo.
func NewWebhookRepo(conn *txctx.Conn) *WebhookRepo { return &WebhookRepo{base{conn}} }

var (
	_ payouts.WebhookInbox = (*WebhookRepo)(nil)
	_ repairs.WebhookLog   = (*WebhookRepo)(nil)
)

// Record inserts (provider, eventID) and reports whether it was new.
func (r *WebhookRepo) Record(ctx context.Context, provider, eventID string) (bool, error) {
	n, err := r.q(ctx).InsertProcessedWebhook(ctx, dbgen.InsertProcessedWebhookParams{Provider: provider, EventID: eventID})
	return n == 1, err
}

// Seen reports whether (provider, eventID) was recorded.
func (r *WebhookRepo) Seen(ctx context.Context, provider, eventID string) (bool, error) {
	return r.q(ctx).ProcessedWebhookExists(ctx, dbgen.ProcessedWebhookExistsParams{Provider: provider, EventID: eventID})
}

// MarkSeen records (provider, eventID).
func (r *WebhookRepo) MarkSeen(ctx context.Context, provider, eventID string) error {
	_, err := r.Record(ctx, provider, eventID)
	return err
}

// InboxRepo de-duplicates consumed broker messages.
type InboxRepo struct{ base }

// NewInboxRepo builds an InboxRepo.
func NewInboxRepo(conn *txctx.Conn) *InboxRepo { return &InboxRepo{base{conn}} }

var _ subrogation.Inbox = (*InboxRepo)(nil)

// Claim records (consumer, messageID) and reports whether it was new.
func (r *InboxRepo) Claim(ctx context.Context, consumer, messageID string) (bool, error) {
	n, err := r.q(ctx).InsertInboxMessage(ctx, dbgen.InsertInboxMessageParams{Consumer: consumer, MessageID: messageID})
	return n == 1, err
}

// LedgerRepo appends claim ledger entries.
type LedgerRepo struct{ base }

// NewLedgerRepo builds a LedgerRepo.
func NewLedgerRepo(conn *txctx.Conn) *LedgerRepo { return &LedgerRepo{base{conn}} }

// Append adds a ledger entry.
func (r *LedgerRepo) Append(ctx context.Context, claimID uuid.UUID, entryType string, amountCents int64, sourceRef string) error {
	return r.q(ctx).AppendLedgerEntry(ctx, dbgen.AppendLedgerEntryParams{
		ClaimID: claimID, EntryType: entryType, AmountCents: amountCents, SourceRef: sourceRef,
	})
}

// NotificationRepo implements notify.Repository.
type NotificationRepo struct{ base }

// NewNotificationRepo builds a NotificationRepo.
func NewNotificationRepo(conn *txctx.Conn) *NotificationRepo { return &NotificationRepo{base{conn}} }

var _ notify.Repository = (*NotificationRepo)(nil)

func (r *NotificationRepo) Exists(ctx context.Context, id string) (bool, error) {
	return r.q(ctx).NotificationExists(ctx, id)
}

func (r *NotificationRepo) Insert(ctx context.Context, n notify.Notification) error {
	return r.q(ctx).InsertNotification(ctx, dbgen.InsertNotificationParams{
		ID:                n.ID,
		ClaimID:           n.ClaimID,
		Channel:           n.Channel,
		Template:          n.Template,
		Recipient:         n.Recipient,
		ProviderMessageID: ptr(n.ProviderMessageID),
	})
}

func (r *NotificationRepo) RecordBrokerDelivery(ctx context.Context, claimID uuid.UUID, url string, status int) error {
	return r.q(ctx).InsertBrokerDelivery(ctx, dbgen.InsertBrokerDeliveryParams{ClaimID: claimID, Url: url, StatusCode: int32(status)})
}

func (r *NotificationRepo) Suppress(ctx context.Context, email, reason string) error {
	return r.q(ctx).UpsertSuppression(ctx, dbgen.UpsertSuppressionParams{Email: email, Reason: reason})
}

func (r *NotificationRepo) LogFeedback(ctx context.Context, id, email, kind string, raw []byte) error {
	return r.q(ctx).InsertSESFeedback(ctx, dbgen.InsertSESFeedbackParams{ID: id, Email: email, FeedbackType: kind, Raw: raw})
}

// TriageRepo implements triage.Queue.
type TriageRepo struct{ base }

// NewTriageRepo builds a TriageRepo.
func NewTriageRepo(conn *txctx.Conn) *TriageRepo { return &TriageRepo{base{conn}} }

var _ triage.Queue = (*TriageRepo)(nil)

func (r *TriageRepo) Enqueue(ctx context.Context, claimID uuid.UUID, priority int) (bool, error) {
	n, err := r.q(ctx).EnqueueTriage(ctx, dbgen.EnqueueTriageParams{ClaimID: claimID, Priority: int32(priority)})
	return n == 1, err
}
