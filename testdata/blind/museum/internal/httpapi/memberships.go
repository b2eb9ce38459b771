package httpapi

import (
	"encoding/json"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"github.com/northgate-museums/visitor-platform/internal/app/membership"
	"github.com/northgate-museums/visitor-platform/internal/cqrs"
	"github.com/northgate-museums/visitor-platform/internal/models"
	"github.com/northgate-museums/visitor-platform/internal/platform/httpx"
)

type MembershipHandlers struct {
	purchase  cqrs.CommandHandler[membership.Purchase]
	autoRenew cqrs.CommandHandler[membership.SetAutoRenew]
}

func NewMembershipHandlers(purchase cqrs.CommandHandler[membership.Purchase], autoRenew cqrs.CommandHandler[membership.SetAutoRenew]) *MembershipHandlers {
	return &MembershipHandlers{purchase: purchase, autoRenew: autoRenew}
}

type purchaseRequest struct {
	Tier          string          `json:"tier"`
	Name          string          `json:"name"`
	Email         string          `json:"email"`
	Address       addressBody     `json:"address"`
	AutoRenew     *bool           `json:"auto_renew"`
	PaymentMethod json.RawMessage `json:"payment_method"`
}

type addressBody struct {
	Line1    string `json:"line1"`
	Line2    string `json:"line2"`
	City     string `json:"city"`
	Postcode string `json:"postcode"`
	Country  string `json:"country"`
}

func (h *MembershipHandlers) Purchase(w http.ResponseWriter, r *http.Request) {
	key, err := httpx.RequireIdempotencyKey(r)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	var req purchaseRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Error(w, r, err)
		return
	}
	autoRenew := true
	if req.AutoRenew != nil {
		autoRenew = *req.AutoRenew
	}
	res := &cqrs.Result{}
	err = h.purchase.Handle(r.Context(), membership.Purchase{
		IdempotencyKey: key,
		MembershipID:   uuid.New(),
		Tier:           models.MembershipTier(req.Tier),
		FullName:       req.Name,
		Email:          req.Email,
		AddressLine1:   req.Address.Line1,
		City:           req.Address.City,
		Postcode:       req.Address.Postcode,
		Country:        req.Address.Country,
		AutoRenew:      autoRenew,
		PaymentMethod:  req.PaymentMethod,
		Result:         res,
	})
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	created(w, res)
}

func (h *MembershipHandlers) SetAutoRenew(w http.ResponseWriter, r *http.Request) {
	id, err := uuid.Parse(chi.URLParam(r, "membershipID"))
	if err != nil {
		httpx.Error(w, r, httpx.ValidationError{Field: "membershipID", Message: "not a valid id"})
		return
	}
	var req struct {
		Enabled bool `json:"enabled"`
	}
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Error(w, r, err)
		return
	}
	if err := h.autoRenew.Handle(r.Context(), membership.SetAutoRenew{MembershipID: id, Enabled: req.Enabled}); err != nil {
		httpx.Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
