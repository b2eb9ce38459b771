package httpapi

import (
	"context"

	"github.com/google/uuid"

	"github.com/loopgate/festival-cashless/internal/apperr"
	"github.com/loopgate/festival-cashless/internal/db"
	"github.com/loopgate/festival-cashless/internal/service/vendor"
)

type VendorService interface {
	RequestEarlyPayout(ctx context.Context, in vendor.EarlyPayoutInput) (vendor.EarlyPayoutAccepted, error)
	ResubmitPayout(ctx context.Context, payoutID string) (db.Payout, error)
}

type VendorHandlers struct {
	svc VendorService
}

func NewVendorHandlers(svc VendorService) *VendorHandlers {
	return &VendorHandlers{svc: svc}
}

type EarlyPayoutRequest struct {
	VendorID    uuid.UUID `param:"vendor_id" json:"-"`
	Caller      uuid.UUID `header:"X-Vendor-Id" json:"-"`
	AmountCents int64     `json:"amount_cents"`
}

func (h *VendorHandlers) RequestEarlyPayout(ctx context.Context, req *EarlyPayoutRequest) (vendor.EarlyPayoutAccepted, error) {
	if req.Caller != req.VendorID {
		return vendor.EarlyPayoutAccepted{}, apperr.Forbidden("not_vendor", "vendor portal session does not match")
	}
	return h.svc.RequestEarlyPayout(ctx, vendor.EarlyPayoutInput{VendorID: req.VendorID, AmountCents: req.AmountCents})
}

type ResubmitPayoutRequest struct {
	PayoutID string `param:"payout_id" json:"-"`
}

type PayoutResponse struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount_cents"`
}

func (h *VendorHandlers) ResubmitPayout(ctx context.Context, req *ResubmitPayoutRequest) (PayoutResponse, error) {
	p, err := h.svc.ResubmitPayout(ctx, req.PayoutID)
	if err != nil {
		return PayoutResponse{}, err
	}
	return PayoutResponse{ID: p.ID, Status: p.Status, AmountCents: p.AmountCents}, nil
}
