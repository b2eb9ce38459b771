package webhooks

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v76"
	"github.com/stripe/stripe-go/v76/webhook"

	"github.com/acme/payroll/internal/domain"
	"github.com/acme/payroll/internal/store/sqlrepo"
)

type reversalStore interface {
	Insert(ctx context.Context, rev sqlrepo.Reversal) error
	SetClaimStatus(ctx context.Context, claimID uuid.UUID, status domain.ClaimStatus) error
	SetReimbursementTransfer(ctx context.Context, claimID uuid.UUID, transferID string) error
}

type StripeWebhook struct {
	secret    string
	reversals reversalStore
	uow       unitOfWork
	log       *slog.Logger
	handlers  map[stripe.EventType]func(ctx context.Context, evt stripe.Event) error
}

func NewStripeWebhook(secret string, rs reversalStore, u unitOfWork, log *slog.Logger) *StripeWebhook {
	h := &StripeWebhook{secret: secret, reversals: rs, uow: u, log: log.With("webhook", "stripe")}
	h.handlers = map[stripe.EventType]func(ctx context.Context, evt stripe.Event) error{
		stripe.EventTypeTransferCreated:  h.onTransferCreated,
		stripe.EventTypeTransferReversed: h.onTransferReversed,
	}
	return h
}

func (h *StripeWebhook) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	evt, err := webhook.ConstructEvent(payload, r.Header.Get("Stripe-Signature"), h.secret)
	if err != nil {
		h.log.Warn("rejecting stripe event", "err", err)
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	fn, ok := h.handlers[evt.Type]
	if !ok {
		w.WriteHeader(http.StatusOK)
		return
	}
	if err := fn(r.Context(), evt); err != nil {
		h.log.Error("stripe event failed", "type", evt.Type, "id", evt.ID, "err", err)
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

func transferFrom(evt stripe.Event) (*stripe.Transfer, uuid.UUID, error) {
	var tr stripe.Transfer
	if err := json.Unmarshal(evt.Data.Raw, &tr); err != nil {
		return nil, uuid.Nil, err
	}
	claimID, err := uuid.Parse(tr.Metadata["claim_id"])
	if err != nil {
		return nil, uuid.Nil, fmt.Errorf("transfer %s has no claim_id metadata", tr.ID)
	}
	return &tr, claimID, nil
}

func (h *StripeWebhook) onTransferCreated(ctx context.Context, evt stripe.Event) error {
	tr, claimID, err := transferFrom(evt)
	if err != nil {
		h.log.Info("ignoring transfer without claim", "err", err)
		return nil
	}
	return h.reversals.SetReimbursementTransfer(ctx, claimID, tr.ID)
}

// onTransferReversed records money pulled back from an employee's connected
// account; the amount is recovered from their next pay run.
func (h *StripeWebhook) onTransferReversed(ctx context.Context, evt stripe.Event) error {
	tr, claimID, err := transferFrom(evt)
	if err != nil {
		h.log.Info("ignoring reversal without claim", "err", err)
		return nil
	}
	return h.uow.Do(ctx, func(ctx context.Context) error {
		if err := h.reversals.Insert(ctx, sqlrepo.Reversal{
			ID:               uuid.New(),
			ClaimID:          claimID,
			StripeTransferID: tr.ID,
			AmountCents:      tr.AmountReversed,
		}); err != nil {
			return err
		}
		return h.reversals.SetClaimStatus(ctx, claimID, domain.ClaimReversed)
	})
}
