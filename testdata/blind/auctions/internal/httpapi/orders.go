package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/hammerline/auctions/internal/carrier"
	"github.com/hammerline/auctions/internal/domain"
	"github.com/hammerline/auctions/internal/orders"
	"github.com/hammerline/auctions/internal/shipping"
)

func getOrder(svc orders.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		o, err := svc.Get(r.Context(), chi.URLParam(r, "orderID"))
		if err != nil {
			writeError(w, r, err)
			return
		}
		p := principal(r.Context())
		if o.BuyerID != p.AccountID && o.SellerID != p.AccountID && !p.Has("support") {
			writeError(w, r, domain.ErrNotFound)
			return
		}
		writeJSON(w, http.StatusOK, o)
	}
}

type payRequest struct {
	PaymentMethodID string `json:"payment_method_id"`
}

func payOrder(svc orders.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req payRequest
		if err := decode(r, &req); err != nil {
			writeError(w, r, err)
			return
		}
		if req.PaymentMethodID == "" {
			writeError(w, r, domain.ErrInvalidInput)
			return
		}
		res, err := svc.Pay(r.Context(), principal(r.Context()).AccountID, chi.URLParam(r, "orderID"), req.PaymentMethodID)
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, res)
	}
}

type refundRequest struct {
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

func refundOrder(svc orders.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req refundRequest
		if err := decode(r, &req); err != nil {
			writeError(w, r, err)
			return
		}
		rf, err := svc.Refund(r.Context(), chi.URLParam(r, "orderID"), req.AmountCents, req.Reason)
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusCreated, rf)
	}
}

type disputeRequest struct {
	Category string `json:"category"`
	Details  string `json:"details"`
}

func openDispute(svc orders.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req disputeRequest
		if err := decode(r, &req); err != nil {
			writeError(w, r, err)
			return
		}
		d, err := svc.OpenDispute(r.Context(), principal(r.Context()).AccountID, chi.URLParam(r, "orderID"), req.Category, req.Details)
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusCreated, d)
	}
}

type labelRequest struct {
	ServiceLevel string `json:"service_level"`
	WeightGrams  int    `json:"weight_grams"`
	LengthCM     int    `json:"length_cm"`
	WidthCM      int    `json:"width_cm"`
	HeightCM     int    `json:"height_cm"`
}

func buyLabel(svc shipping.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req labelRequest
		if err := decode(r, &req); err != nil {
			writeError(w, r, err)
			return
		}
		sh, err := svc.BuyLabel(r.Context(), shipping.LabelInput{
			OrderID:      chi.URLParam(r, "orderID"),
			SellerID:     principal(r.Context()).AccountID,
			ServiceLevel: req.ServiceLevel,
			Parcel: carrier.Parcel{
				WeightGrams: req.WeightGrams, LengthCM: req.LengthCM,
				WidthCM: req.WidthCM, HeightCM: req.HeightCM,
			},
		})
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusCreated, sh)
	}
}

func getShipment(svc shipping.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		sh, err := svc.Get(r.Context(), chi.URLParam(r, "orderID"))
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, sh)
	}
}
