package api

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/soundledger/royalties/internal/platform/httpx"
	"github.com/soundledger/royalties/internal/service/artists"
	"github.com/soundledger/royalties/internal/store"
)

func (h *Handler) createArtist(w http.ResponseWriter, r *http.Request) {
	var req artists.OnboardRequest
	if err := httpx.Decode(r, &req); err != nil {
		httpx.Error(w, err)
		return
	}
	artist, created, err := h.Artists.Onboard(r.Context(), req)
	if err != nil {
		httpx.Error(w, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	httpx.JSON(w, status, artist)
}

func (h *Handler) getArtist(w http.ResponseWriter, r *http.Request) {
	artist, err := h.Artists.Get(r.Context(), chi.URLParam(r, "artistID"))
	if err != nil {
		httpx.Error(w, err)
		return
	}
	httpx.JSON(w, http.StatusOK, artist)
}

type payoutSettingsBody struct {
	Currency       string `json:"currency"`
	Schedule       string `json:"schedule"`
	MinPayoutCents int64  `json:"min_payout_cents"`
}

func (h *Handler) updatePayoutSettings(w http.ResponseWriter, r *http.Request) {
	var body payoutSettingsBody
	if err := httpx.Decode(r, &body); err != nil {
		httpx.Error(w, err)
		return
	}
	artist, err := h.Artists.UpdatePayoutSettings(r.Context(), chi.URLParam(r, "artistID"), store.PayoutSettings{
		Currency:       body.Currency,
		Schedule:       body.Schedule,
		MinPayoutCents: body.MinPayoutCents,
	})
	if err != nil {
		httpx.Error(w, err)
		return
	}
	httpx.JSON(w, http.StatusOK, artist)
}

func (h *Handler) listSplits(w http.ResponseWriter, r *http.Request) {
	splits, err := h.Catalog.Splits(r.Context(), chi.URLParam(r, "isrc"))
	if err != nil {
		httpx.Error(w, err)
		return
	}
	httpx.JSON(w, http.StatusOK, map[string]any{"splits": splits})
}

func (h *Handler) addSplit(w http.ResponseWriter, r *http.Request) {
	var req artists.SplitRequest
	if err := httpx.Decode(r, &req); err != nil {
		httpx.Error(w, err)
		return
	}
	req.CreatedBy = actorFrom(r.Context())
	split, err := h.Catalog.AddSplit(r.Context(), chi.URLParam(r, "isrc"), req)
	if err != nil {
		httpx.Error(w, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, split)
}
