package httpapi

import (
	"log/slog"
	"net/http"

	"github.com/google/uuid"

	"github.com/northsound/ferrydesk/internal/app"
)

type redeemRequest struct {
	BookingID uuid.UUID `json:"booking_id"`
	Miles     int64     `json:"miles"`
}

// redeemMiles spends miles on a held booking. Idempotency-Key is required;
// a repeated key returns the stored response.
func redeemMiles(svc LoyaltyService, log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		memberID, ok := pathUUID(w, r, "memberID")
		if !ok {
			return
		}
		var req redeemRequest
		if !decode(w, r, &req) {
			return
		}
		res, err := svc.Redeem(r.Context(), app.RedeemInput{
			IdempotencyKey: r.Header.Get(idempotencyHeader),
			MemberID:       memberID,
			BookingID:      req.BookingID,
			Miles:          req.Miles,
		})
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		writeJSON(w, http.StatusCreated, res)
	}
}
