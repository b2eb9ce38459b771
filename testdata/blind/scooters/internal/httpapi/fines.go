package httpapi

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"github.com/kickvolt/ridecore/internal/domain"
	"github.com/kickvolt/ridecore/internal/service/fines"
)

// FineService is what the fine endpoints need.
type FineService interface {
	IssueFromReview(ctx context.Context, in fines.ReviewInput) (*domain.Fine, error)
	Contest(ctx context.Context, riderID, fineID uuid.UUID, reason string) (*domain.Fine, error)
	Decide(ctx context.Context, fineID uuid.UUID, d fines.Decision) (*domain.Fine, error)
}

type FineHandler struct{ svc FineService }

func NewFineHandler(svc FineService) *FineHandler { return &FineHandler{svc: svc} }

type issueFineRequest struct {
	ReviewID    string    `json:"review_id"`
	RideID      uuid.UUID `json:"ride_id"`
	Reason      string    `json:"reason"`
	AmountCents int64     `json:"amount_cents"`
}

// Issue handles POST /v1/ops/fines from the photo review queue.
func (h *FineHandler) Issue(w http.ResponseWriter, r *http.Request) error {
	req, err := decode[issueFineRequest](r)
	if err != nil {
		return err
	}
	if req.ReviewID == "" || req.RideID == uuid.Nil {
		return &badRequest{msg: "review_id and ride_id are required"}
	}
	if req.Reason == "" {
		req.Reason = "parked_obstructing"
	}
	fine, err := h.svc.IssueFromReview(r.Context(), fines.ReviewInput{
		ReviewID:    req.ReviewID,
		RideID:      req.RideID,
		Reason:      req.Reason,
		AmountCents: req.AmountCents,
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, fine)
	return nil
}

type contestRequest struct {
	Reason string `json:"reason"`
}

// Contest handles POST /v1/fines/{fineID}/contest.
func (h *FineHandler) Contest(w http.ResponseWriter, r *http.Request) error {
	riderID, err := principalID(r)
	if err != nil {
		return err
	}
	fineID, err := uuidParam(r, "fineID")
	if err != nil {
		return err
	}
	req, err := decode[contestRequest](r)
	if err != nil {
		return err
	}
	fine, err := h.svc.Contest(r.Context(), riderID, fineID, req.Reason)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, fine)
	return nil
}

type decisionRequest struct {
	Decision fines.Decision `json:"decision"`
}

// Decide handles POST /v1/ops/fines/{fineID}/decision.
func (h *FineHandler) Decide(w http.ResponseWriter, r *http.Request) error {
	fineID, err := uuidParam(r, "fineID")
	if err != nil {
		return err
	}
	req, err := decode[decisionRequest](r)
	if err != nil {
		return err
	}
	fine, err := h.svc.Decide(r.Context(), fineID, req.Decision)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, fine)
	return nil
}
