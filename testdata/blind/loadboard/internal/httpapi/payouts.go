package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/haulgrid/loadboard/internal/domain"
)

type payoutResponse struct {
	ID         string `json:"id"`
	LoadID     string `json:"load_id"`
	Status     string `json:"status"`
	GrossCents int64  `json:"gross_cents"`
	FeeCents   int64  `json:"fee_cents"`
	NetCents   int64  `json:"net_cents"`
	TransferID string `json:"transfer_id,omitempty"`
	LastError  string `json:"last_error,omitempty"`
}

func toPayoutResponse(p *domain.Payout) payoutResponse {
	return payoutResponse{
		ID:         p.ID,
		LoadID:     p.LoadID,
		Status:     string(p.Status),
		GrossCents: p.GrossCents,
		FeeCents:   p.FeeCents,
		NetCents:   p.NetCents,
		TransferID: p.ProviderTransferID,
		LastError:  p.LastError,
	}
}

// RequestQuickPay is the carrier asking to be paid now for a delivered load.
func (h *Handlers) RequestQuickPay(r *http.Request) (any, error) {
	actor, err := requireRole(r, RoleCarrier)
	if err != nil {
		return nil, err
	}
	var req struct {
		LoadID string `json:"load_id"`
	}
	if err := decode(r, &req); err != nil {
		return nil, err
	}
	if req.LoadID == "" {
		return nil, domain.Invalid("load_id", "required")
	}
	p, err := h.QuickPay.Request(r.Context(), req.LoadID, actor.AccountID, actor.ID)
	if err != nil {
		return nil, err
	}
	return accepted(toPayoutResponse(p)), nil
}

// RetryPayout lets a broker resubmit a failed payout.
func (h *Handlers) RetryPayout(r *http.Request) (any, error) {
	actor, err := requireRole(r, RoleBroker)
	if err != nil {
		return nil, err
	}
	p, err := h.QuickPay.Retry(r.Context(), chi.URLParam(r, "payoutID"), actor.ID)
	if err != nil {
		return nil, err
	}
	return accepted(toPayoutResponse(p)), nil
}
