package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/hammerline/auctions/internal/bidding"
	"github.com/hammerline/auctions/internal/platform/idem"
)

type placeBidRequest struct {
	AmountCents int64 `json:"amount_cents"`
}

func placeBid(svc bidding.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req placeBidRequest
		if err := decode(r, &req); err != nil {
			writeError(w, r, err)
			return
		}
		key, _ := idem.KeyFrom(r.Context())
		placed, err := svc.Place(r.Context(), key, bidding.PlaceRequest{
			LotID:       chi.URLParam(r, "lotID"),
			BidderID:    principal(r.Context()).AccountID,
			AmountCents: req.AmountCents,
		})
		if err != nil {
			writeError(w, r, err)
			return
		}
		status := http.StatusCreated
		if placed.Replayed {
			status = http.StatusOK
		}
		writeJSON(w, status, placed)
	}
}
