package claims

import (
	"context"
	"fmt"

	"github.com/cedarleaf/pharmacy/internal/db"
	"github.com/cedarleaf/pharmacy/internal/provider/pbm"
	"github.com/cedarleaf/pharmacy/internal/store"
)

// Callback is the PBM's asynchronous adjudication notice for a claim that
// was pended at submission time. The PBM redelivers until it gets a 2xx;
// EventID is stable across redeliveries.
type Callback struct {
	EventID       string   `json:"event_id"`
	ClaimRef      string   `json:"claim_ref"`
	Status        string   `json:"status"`
	PlanPaidCents int64    `json:"plan_paid_cents"`
	CopayCents    int64    `json:"copay_cents"`
	RejectCodes   []string `json:"reject_codes"`
}

// HandleCallback applies a PBM adjudication callback.
func (s *Service) HandleCallback(ctx context.Context, cb Callback) error {
	seen, err := s.store.WebhookEventExists(ctx, db.WebhookEventExistsParams{Provider: "pbm", EventID: cb.EventID})
	if err != nil {
		return err
	}
	if seen {
		return nil
	}

	claim, err := s.store.GetClaimByPBMRef(ctx, store.Text(cb.ClaimRef))
	if store.IsNotFound(err) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	cc, err := s.load(ctx, claim)
	if err != nil {
		return err
	}

	resp := &pbm.ClaimResponse{
		ClaimRef:      cb.ClaimRef,
		Status:        cb.Status,
		PlanPaidCents: cb.PlanPaidCents,
		CopayCents:    cb.CopayCents,
		RejectCodes:   cb.RejectCodes,
	}
	if err := s.applyAdjudication(ctx, cc, resp, "callback:"+cb.EventID); err != nil {
		return fmt.Errorf("apply callback: %w", err)
	}

	if _, err := s.store.InsertWebhookEvent(ctx, db.InsertWebhookEventParams{
		Provider:  "pbm",
		EventID:   cb.EventID,
		EventType: "claim." + cb.Status,
	}); err != nil {
		return fmt.Errorf("record pbm event: %w", err)
	}
	return nil
}
