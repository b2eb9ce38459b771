package httpapi

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/harborline/claims/internal/payouts"
	"github.com/harborline/claims/internal/platform/httpx"
	"github.com/harborline/claims/internal/reserves"
)

// ReservesHandler serves reserve endpoints.
type ReservesHandler struct {
	svc ReserveService
}

// NewReservesHandler builds a ReservesHandler.
func NewReservesHandler(svc ReserveService) *ReservesHandler { return &ReservesHandler{svc: svc} }

// ReserveChangeRequest changes a claim's reserve.
type ReserveChangeRequest struct {
	Category   string `json:"category"`
	DeltaCents int64  `json:"delta_cents"`
	Reason     string `json:"reason"`
	ChangedBy  string `json:"changed_by"`
}

// Validate implements httpx.Validator.
func (r *ReserveChangeRequest) Validate() error {
	switch r.Category {
	case "indemnity", "expense", "legal":
	default:
		return errors.New("category must be indemnity, expense or legal")
	}
	if r.DeltaCents == 0 {
		return errors.New("delta_cents must be non-zero")
	}
	return nil
}

// ReserveChangeView is the recorded change.
type ReserveChangeView struct {
	ID         uuid.UUID `json:"id"`
	ClaimID    uuid.UUID `json:"claim_id"`
	Category   string    `json:"category"`
	DeltaCents int64     `json:"delta_cents"`
	CreatedAt  time.Time `json:"created_at"`
}

// Change handles POST /v1/claims/{claimID}/reserves.
func (h *ReservesHandler) Change(r *http.Request, req ReserveChangeRequest) (ReserveChangeView, error) {
	claimID, err := pathUUID(r, "claimID")
	if err != nil {
		return ReserveChangeView{}, err
	}
	ch, err := h.svc.Change(r.Context(), reserves.ChangeCmd{
		ClaimID:    claimID,
		Category:   req.Category,
		DeltaCents: req.DeltaCents,
		Reason:     req.Reason,
		ChangedBy:  req.ChangedBy,
	})
	if err != nil {
		return ReserveChangeView{}, err
	}
	return ReserveChangeView{ID: ch.ID, ClaimID: ch.ClaimID, Category: ch.Category, DeltaCents: ch.DeltaCents, CreatedAt: ch.CreatedAt}, nil
}

// PayoutsHandler serves payout endpoints.
type PayoutsHandler struct {
	svc PayoutService
}

// NewPayoutsHandler builds a PayoutsHandler.
func NewPayoutsHandler(svc PayoutService) *PayoutsHandler { return &PayoutsHandler{svc: svc} }

// PayoutRequest asks for an indemnity payment.
type PayoutRequest struct {
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
}

// Validate implements httpx.Validator.
func (r *PayoutRequest) Validate() error {
	if r.AmountCents <= 0 {
		return errors.New("amount_cents must be positive")
	}
	if len(r.Currency) != 3 {
		return errors.New("currency must be an ISO 4217 code")
	}
	r.Currency = strings.ToLower(r.Currency)
	return nil
}

// PayoutView is the public payout.
type PayoutView struct {
	ID          uuid.UUID `json:"id"`
	ClaimID     uuid.UUID `json:"claim_id"`
	AmountCents int64     `json:"amount_cents"`
	Currency    string    `json:"currency"`
	Status      string    `json:"status"`
}

// Request handles POST /v1/claims/{claimID}/payouts.
func (h *PayoutsHandler) Request(r *http.Request, req PayoutRequest) (PayoutView, error) {
	claimID, err := pathUUID(r, "claimID")
	if err != nil {
		return PayoutView{}, err
	}
	p, err := h.svc.Request(r.Context(), payouts.RequestCmd{
		ClaimID:        claimID,
		IdempotencyKey: httpx.IdempotencyKey(r),
		AmountCents:    req.AmountCents,
		Currency:       req.Currency,
	})
	if err != nil {
		return PayoutView{}, err
	}
	return PayoutView{ID: p.ID, ClaimID: p.ClaimID, AmountCents: p.AmountCents, Currency: p.Currency, Status: string(p.Status)}, nil
}
