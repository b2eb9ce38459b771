package adminhttp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"github.com/drivewise/carsub/internal/domain"
)

type SubscriptionAdmin interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Subscription, error)
	Pause(ctx context.Context, id uuid.UUID, pickup domain.TimeWindow) (*domain.Subscription, error)
}

type RefundAdmin interface {
	Refund(ctx context.Context, chargeID uuid.UUID, amountCents int64, reason string) (*domain.Refund, error)
}

type ClaimAdmin interface {
	Decide(ctx context.Context, id uuid.UUID, approved bool, approvedCents int64) (*domain.DamageClaim, error)
	Settle(ctx context.Context, id uuid.UUID) (*domain.DamageClaim, error)
}

type ClaimReader interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.DamageClaim, error)
}

// Handlers holds the admin endpoints.
type Handlers struct {
	subs        SubscriptionAdmin
	refunds     RefundAdmin
	claims      ClaimAdmin
	claimReader ClaimReader
}

func NewHandlers(subs SubscriptionAdmin, refunds RefundAdmin, claims ClaimAdmin, claimReader ClaimReader) *Handlers {
	return &Handlers{subs: subs, refunds: refunds, claims: claims, claimReader: claimReader}
}

func (h *Handlers) getSubscription(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	sub, err := h.subs.Get(r.Context(), id)
	if err != nil {
		writeDomainError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, sub)
}

type pauseRequest struct {
	PickupStart time.Time `json:"pickup_start"`
	PickupEnd   time.Time `json:"pickup_end"`
}

func (h *Handlers) pauseSubscription(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	var req pauseRequest
	if !decode(w, r, &req) {
		return
	}
	sub, err := h.subs.Pause(r.Context(), id, domain.TimeWindow{Start: req.PickupStart, End: req.PickupEnd})
	if err != nil {
		writeDomainError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, sub)
}

type refundRequest struct {
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

func (h *Handlers) refundCharge(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	var req refundRequest
	if !decode(w, r, &req) {
		return
	}
	if req.Reason == "" {
		writeError(w, http.StatusBadRequest, errors.New("reason is required"))
		return
	}
	refund, err := h.refunds.Refund(r.Context(), id, req.AmountCents, req.Reason)
	if err != nil {
		writeDomainError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, refund)
}

func (h *Handlers) getClaim(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	claim, err := h.claimReader.Get(r.Context(), id)
	if err != nil {
		writeDomainError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, claim)
}

type decisionRequest struct {
	Approved      bool  `json:"approved"`
	ApprovedCents int64 `json:"approved_cents"`
}

func (h *Handlers) decideClaim(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	var req decisionRequest
	if !decode(w, r, &req) {
		return
	}
	claim, err := h.claims.Decide(r.Context(), id, req.Approved, req.ApprovedCents)
	if err != nil {
		writeDomainError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, claim)
}

func (h *Handlers) settleClaim(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	claim, err := h.claims.Settle(r.Context(), id)
	if err != nil {
		writeDomainError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, claim)
}

// helpers

func pathID(w http.ResponseWriter, r *http.Request) (uuid.UUID, bool) {
	id, err := uuid.Parse(chi.URLParam(r, "id"))
	if err != nil {
		writeError(w, http.StatusBadRequest, fmt.Errorf("invalid id"))
		return uuid.Nil, false
	}
	return id, true
}

func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		writeError(w, http.StatusBadRequest, fmt.Errorf("invalid body: %w", err))
		return false
	}
	return true
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, err error) {
	writeJSON(w, status, map[string]string{"error": err.Error()})
}

func writeDomainError(w http.ResponseWriter, err error) {
	switch {
	case errors.Is(err, domain.ErrNotFound):
		writeError(w, http.StatusNotFound, err)
	case errors.Is(err, domain.ErrInvalidArgument):
		writeError(w, http.StatusBadRequest, err)
	case errors.Is(err, domain.ErrInvalidState), errors.Is(err, domain.ErrConflict):
		writeError(w, http.StatusConflict, err)
	default:
		writeError(w, http.StatusInternalServerError, errors.New("internal error"))
	}
}
