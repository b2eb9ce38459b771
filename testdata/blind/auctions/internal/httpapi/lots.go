package httpapi

import (
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/hammerline/auctions/internal/lots"
	"github.com/hammerline/auctions/internal/platform/idem"
)

type createLotRequest struct {
	Title          string    `json:"title"`
	Description    string    `json:"description"`
	Category       string    `json:"category"`
	Currency       string    `json:"currency"`
	StartCents     int64     `json:"start_cents"`
	ReserveCents   int64     `json:"reserve_cents"`
	IncrementCents int64     `json:"increment_cents"`
	WeightGrams    int       `json:"weight_grams"`
	StartsAt       time.Time `json:"starts_at"`
	EndsAt         time.Time `json:"ends_at"`
}

func createLot(svc lots.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req createLotRequest
		if err := decode(r, &req); err != nil {
			writeError(w, r, err)
			return
		}
		key, _ := idem.KeyFrom(r.Context())
		lot, err := svc.Create(r.Context(), key, lots.CreateInput{
			SellerID:       principal(r.Context()).AccountID,
			Title:          req.Title,
			Description:    req.Description,
			Category:       req.Category,
			Currency:       req.Currency,
			StartCents:     req.StartCents,
			ReserveCents:   req.ReserveCents,
			IncrementCents: req.IncrementCents,
			WeightGrams:    req.WeightGrams,
			StartsAt:       req.StartsAt,
			EndsAt:         req.EndsAt,
		})
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusCreated, lot)
	}
}

func getLot(svc lots.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		lot, err := svc.Get(r.Context(), chi.URLParam(r, "lotID"))
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, lot)
	}
}

func listMyLots(svc lots.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		limit, _ := strconv.Atoi(r.URL.Query().Get("limit"))
		page, err := svc.ListBySeller(r.Context(), principal(r.Context()).AccountID, r.URL.Query().Get("cursor"), limit)
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, page)
	}
}

func publishLot(svc lots.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		lot, err := svc.Publish(r.Context(), principal(r.Context()).AccountID, chi.URLParam(r, "lotID"))
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, lot)
	}
}

func watchLot(svc lots.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		err := svc.Watch(r.Context(), chi.URLParam(r, "lotID"), principal(r.Context()).AccountID)
		if err != nil {
			writeError(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

func unwatchLot(svc lots.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		err := svc.Unwatch(r.Context(), chi.URLParam(r, "lotID"), principal(r.Context()).AccountID)
		if err != nil {
			writeError(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

type cancelLotRequest struct {
	Reason string `json:"reason"`
}

func cancelLot(svc lots.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req cancelLotRequest
		if err := decode(r, &req); err != nil {
			writeError(w, r, err)
			return
		}
		err := svc.Cancel(r.Context(), principal(r.Context()).AccountID, chi.URLParam(r, "lotID"), req.Reason)
		if err != nil {
			writeError(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

type askRequest struct {
	Body string `json:"body"`
}

func askQuestion(svc lots.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req askRequest
		if err := decode(r, &req); err != nil {
			writeError(w, r, err)
			return
		}
		key, _ := idem.KeyFrom(r.Context())
		q, err := svc.Ask(r.Context(), chi.URLParam(r, "lotID"), principal(r.Context()).AccountID, key, req.Body)
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusCreated, q)
	}
}

type secondChanceRequest struct {
	BidderID string `json:"bidder_id"`
}

func offerSecondChance(svc lots.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req secondChanceRequest
		if err := decode(r, &req); err != nil {
			writeError(w, r, err)
			return
		}
		offer, err := svc.OfferSecondChance(r.Context(), principal(r.Context()).AccountID, chi.URLParam(r, "lotID"), req.BidderID)
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusCreated, offer)
	}
}
