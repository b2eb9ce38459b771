package payments

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/gearloop/rentals/internal/ids"
	"github.com/gearloop/rentals/internal/store"
)

// auditedGateway decorates a Gateway and appends one audit line per call,
// successful or not, for finance reconciliation.
type auditedGateway struct {
	next  Gateway
	audit store.AuditRepo
	log   *slog.Logger
}

// WithAudit wraps g so that every call is logged to the audit table.
func WithAudit(g Gateway, audit store.AuditRepo, log *slog.Logger) Gateway {
	return &auditedGateway{next: g, audit: audit, log: log}
}

func (a *auditedGateway) record(ctx context.Context, action, subject string, err error) {
	detail := "ok"
	if err != nil {
		detail = err.Error()
	}
	entry := store.AuditEntry{
		ID:        ids.NewUUID(),
		Source:    "stripe",
		Action:    action,
		Subject:   subject,
		Detail:    detail,
		CreatedAt: time.Now().UTC(),
	}
	if aerr := a.audit.Append(ctx, entry); aerr != nil {
		a.log.WarnContext(ctx, "audit append failed", "action", action, "err", aerr)
	}
}

func (a *auditedGateway) AuthorizeDeposit(ctx context.Context, req AuthorizeRequest) (Authorization, error) {
	res, err := a.next.AuthorizeDeposit(ctx, req)
	a.record(ctx, "authorize_deposit", req.BookingID, err)
	return res, err
}

func (a *auditedGateway) CaptureDeposit(ctx context.Context, req CaptureRequest) (string, error) {
	ref, err := a.next.CaptureDeposit(ctx, req)
	a.record(ctx, "capture_deposit", req.PaymentIntentID, err)
	return ref, err
}

func (a *auditedGateway) ReleaseDeposit(ctx context.Context, pi, key string) error {
	err := a.next.ReleaseDeposit(ctx, pi, key)
	a.record(ctx, "release_deposit", pi, err)
	return err
}

func (a *auditedGateway) Refund(ctx context.Context, req RefundRequest) (string, error) {
	id, err := a.next.Refund(ctx, req)
	a.record(ctx, "refund", fmt.Sprintf("%s/%d", req.BookingID, req.AmountCents), err)
	return id, err
}

func (a *auditedGateway) Transfer(ctx context.Context, req TransferRequest, opts ...CallOption) (string, error) {
	id, err := a.next.Transfer(ctx, req, opts...)
	a.record(ctx, "transfer", req.TransferGroup, err)
	return id, err
}

func (a *auditedGateway) CreateConnectAccount(ctx context.Context, req AccountRequest, opts ...CallOption) (string, error) {
	id, err := a.next.CreateConnectAccount(ctx, req, opts...)
	a.record(ctx, "create_connect_account", req.UserID, err)
	return id, err
}
