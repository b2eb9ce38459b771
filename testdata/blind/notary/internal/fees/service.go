// Package fees collects notarization fees from signers and tracks them
// through the card processor's lifecycle.
package fees

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/sealpoint-labs/notary/internal/apperr"
	"github.com/sealpoint-labs/notary/internal/domain"
	"github.com/sealpoint-labs/notary/internal/events"
	"github.com/sealpoint-labs/notary/internal/httpx"
	"github.com/sealpoint-labs/notary/internal/payments"
	"github.com/sealpoint-labs/notary/internal/reqctx"
)

type Service interface {
	Collect(ctx context.Context, req CollectRequest) (domain.Fee, error)
	HandleProviderEvent(ctx context.Context, req httpx.RawRequest) error
	RefundForSession(ctx context.Context, sessionID, reason string) error
}

// Processor is the subset of the Tillpoint client the service uses.
type Processor interface {
	Charge(ctx context.Context, req payments.ChargeRequest, opts ...payments.CallOption) (*payments.Charge, error)
	Refund(ctx context.Context, req payments.RefundRequest, opts ...payments.CallOption) (*payments.Refund, error)
}

type SessionReader interface {
	Get(ctx context.Context, id string) (domain.Session, error)
}

type Enqueuer interface {
	Enqueue(ctx context.Context, subject, aggregateID string, payload any) error
}

type CollectRequest struct {
	SessionID     string `param:"id" json:"-"`
	PaymentMethod string `json:"payment_method"`
}

func (r *CollectRequest) Validate() error {
	if r.PaymentMethod == "" {
		return fmt.Errorf("payment_method is required")
	}
	return nil
}

const feeKindNotarization = "notarization"

type service struct {
	repo          Repository
	sessions      SessionReader
	processor     Processor
	outbox        Enqueuer
	webhookSecret []byte
}

func NewService(repo Repository, sessions SessionReader, processor Processor, outbox Enqueuer, webhookSecret []byte) Service {
	return &service{repo: repo, sessions: sessions, processor: processor, outbox: outbox, webhookSecret: webhookSecret}
}

// Collect charges the signer for the session. The fee row is keyed by
// (session, kind), so repeated calls reuse it.
func (s *service) Collect(ctx context.Context, req CollectRequest) (domain.Fee, error) {
	caller := reqctx.MustCaller(ctx)
	sess, err := s.sessions.Get(ctx, req.SessionID)
	if err != nil {
		return domain.Fee{}, err
	}
	if sess.SignerID != caller.Subject {
		return domain.Fee{}, apperr.Forbidden("only the signer can pay for the session")
	}
	amount, err := Quote(sess.Jurisdiction, sess.DocumentCount)
	if err != nil {
		return domain.Fee{}, apperr.Invalid("%s", err.Error())
	}

	fee, err := s.repo.Ensure(ctx, domain.Fee{
		ID:          uuid.NewString(),
		SessionID:   sess.ID,
		Kind:        feeKindNotarization,
		AmountCents: amount,
		Currency:    "usd",
	})
	if err != nil {
		return domain.Fee{}, fmt.Errorf("ensure fee: %w", err)
	}
	switch fee.Status {
	case domain.FeeAuthorized, domain.FeeCaptured:
		return fee, nil
	case domain.FeeRefunded:
		return fee, apperr.Conflict("fee for session %s was refunded", sess.ID)
	}

	charge, err := s.processor.Charge(ctx, payments.ChargeRequest{
		AmountCents:   fee.AmountCents,
		Currency:      fee.Currency,
		PaymentMethod: req.PaymentMethod,
		Customer:      caller.Subject,
		Description:   fmt.Sprintf("Remote notarization (%s, %d documents)", sess.Jurisdiction, sess.DocumentCount),
		Capture:       true,
		Metadata:      map[string]string{"fee_id": fee.ID, "session_id": sess.ID},
	})
	if err != nil {
		return domain.Fee{}, apperr.Upstream("payments", err)
	}
	if err := s.repo.MarkAuthorized(ctx, fee.ID, charge.ID); err != nil {
		return domain.Fee{}, fmt.Errorf("mark fee authorized: %w", err)
	}
	return s.repo.Get(ctx, fee.ID)
}

// HandleProviderEvent processes Tillpoint webhooks.
func (s *service) HandleProviderEvent(ctx context.Context, req httpx.RawRequest) error {
	ev, err := payments.VerifyAndParse(s.webhookSecret, req.Header.Get(payments.SignatureHeader), req.Body)
	if err != nil {
		return &apperr.Error{Kind: apperr.ErrUnauthorized, Message: "bad signature"}
	}
	switch ev.Type {
	case "charge.succeeded":
		fee, err := s.repo.MarkCaptured(ctx, ev.Data.ChargeID)
		if err != nil {
			return fmt.Errorf("mark captured: %w", err)
		}
		if fee == nil {
			return nil // already captured, or a charge we did not create
		}
		return s.outbox.Enqueue(ctx, events.SubjectFeeCaptured, fee.ID, events.FeeCaptured{
			FeeID:       fee.ID,
			SessionID:   fee.SessionID,
			AmountCents: fee.AmountCents,
			Currency:    fee.Currency,
		})
	case "charge.failed":
		return s.repo.MarkFailed(ctx, ev.Data.ChargeID, ev.Data.Reason)
	default:
		return nil
	}
}

// RefundForSession refunds the captured fee of a session, if any.
func (s *service) RefundForSession(ctx context.Context, sessionID, reason string) error {
	fee, err := s.repo.CapturedForSession(ctx, sessionID)
	if err != nil || fee == nil {
		return err
	}
	if fee.ChargeID == nil {
		return fmt.Errorf("captured fee %s has no charge", fee.ID)
	}
	if _, err := s.processor.Refund(ctx, payments.RefundRequest{
		ChargeID: *fee.ChargeID,
		Reason:   reason,
	}, payments.WithIdempotencyKey("refund-"+fee.ID)); err != nil {
		return apperr.Upstream("payments", err)
	}
	return s.repo.MarkRefunded(ctx, fee.ID)
}
