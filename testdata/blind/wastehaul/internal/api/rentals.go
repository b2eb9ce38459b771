package api

import (
	"errors"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/haulcore/wastehaul/internal/idempotency"
	"github.com/haulcore/wastehaul/internal/platform/httpx"
	"github.com/haulcore/wastehaul/internal/service/rentals"
)

// RentalHandler serves /v1/rentals.
type RentalHandler struct {
	svc rentals.Service
}

// NewRentalHandler returns the handler group.
func NewRentalHandler(svc rentals.Service) *RentalHandler {
	return &RentalHandler{svc: svc}
}

// Register implements Routes.
func (h *RentalHandler) Register(r chi.Router) {
	r.Route("/v1/rentals", func(r chi.Router) {
		r.Method(http.MethodPost, "/", httpx.Handler(h.create))
		r.Method(http.MethodPost, "/{rentalID}/swaps", httpx.Handler(h.swap))
		r.Method(http.MethodPost, "/{rentalID}/close", httpx.Handler(h.close))
	})
}

type createRentalReq rentals.CreateInput

func (c createRentalReq) Validate() error {
	switch {
	case c.CustomerID == "" || c.SiteID == "":
		return errors.New("customer_id and site_id are required")
	case c.SizeYards <= 0:
		return errors.New("size_yards must be positive")
	case c.MonthlyRateCents <= 0:
		return errors.New("monthly_rate_cents must be positive")
	case c.StartsOn.IsZero():
		return errors.New("starts_on is required")
	}
	return nil
}

func (h *RentalHandler) create(w http.ResponseWriter, r *http.Request) error {
	key := r.Header.Get(idempotency.Header)
	if key == "" {
		return httpx.BadRequest("%s header is required", idempotency.Header)
	}
	req, err := httpx.DecodeValid[createRentalReq](r)
	if err != nil {
		return err
	}
	rental, err := h.svc.Create(r.Context(), key, rentals.CreateInput(req))
	switch {
	case errors.Is(err, idempotency.ErrKeyReused):
		return httpx.Conflict("%s", err.Error())
	case errors.Is(err, rentals.ErrWrongSite):
		return httpx.BadRequest("%s", err.Error())
	case err != nil:
		return err
	}
	return httpx.JSON(w, http.StatusCreated, rental)
}

type swapReq struct {
	RequestedFor time.Time `json:"requested_for"`
	SizeYards    int       `json:"size_yards"`
	Notes        string    `json:"notes"`
}

func (s swapReq) Validate() error {
	if s.RequestedFor.IsZero() {
		return errors.New("requested_for is required")
	}
	return nil
}

func (h *RentalHandler) swap(w http.ResponseWriter, r *http.Request) error {
	req, err := httpx.DecodeValid[swapReq](r)
	if err != nil {
		return err
	}
	wo, err := h.svc.RequestSwap(r.Context(), chi.URLParam(r, "rentalID"), rentals.SwapInput(req))
	if err != nil {
		return err
	}
	return httpx.JSON(w, http.StatusCreated, wo)
}

type closeReq struct {
	EndsOn time.Time `json:"ends_on"`
}

func (c closeReq) Validate() error {
	if c.EndsOn.IsZero() {
		return errors.New("ends_on is required")
	}
	return nil
}

func (h *RentalHandler) close(w http.ResponseWriter, r *http.Request) error {
	req, err := httpx.DecodeValid[closeReq](r)
	if err != nil {
		return err
	}
	rental, err := h.svc.Close(r.Context(), chi.URLParam(r, "rentalID"), rentals.CloseInput{
		EndsOn: req.EndsOn,
		Actor:  httpx.Actor(r),
	})
	if err != nil {
		return err
	}
	return httpx.JSON(w, http.StatusOK, rental)
}
