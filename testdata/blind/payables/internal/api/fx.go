package api

import (
	"errors"
	"net/http"

	"github.com/northwind/payables/internal/platform/httpx"
	"github.com/northwind/payables/internal/service/fx"
)

type quoteRequest struct {
	SellCurrency string `json:"sell_currency"`
	BuyCurrency  string `json:"buy_currency"`
	BuyMinor     int64  `json:"buy_amount_minor"`
}

func (r *quoteRequest) Validate() error {
	if len(r.SellCurrency) != 3 || len(r.BuyCurrency) != 3 {
		return errors.New("sell_currency and buy_currency are required")
	}
	if r.SellCurrency == r.BuyCurrency {
		return errors.New("currencies must differ")
	}
	return nil
}

func (h *Handlers) createQuote(w http.ResponseWriter, r *http.Request) {
	req, err := decode[quoteRequest](r)
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	q, err := h.FX.Quote(r.Context(), fx.QuoteInput{
		TenantID:     httpx.TenantFrom(r.Context()),
		SellCurrency: req.SellCurrency,
		BuyCurrency:  req.BuyCurrency,
		BuyMinor:     req.BuyMinor,
	})
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, q)
}

type conversionRequest struct {
	QuoteID string `json:"quote_id"`
}

func (h *Handlers) createConversion(w http.ResponseWriter, r *http.Request) {
	req, err := decode[conversionRequest](r)
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	if req.QuoteID == "" {
		h.writeError(w, r, httpx.BadRequest("quote_id is required"))
		return
	}
	conv, err := h.FX.Convert(r.Context(), httpx.TenantFrom(r.Context()), req.QuoteID)
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, conv)
}
