package httpapi

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/northsound/ferrydesk/internal/app"
)

type cancelSailingRequest struct {
	Reason string `json:"reason"`
}

// cancelSailing is used by the operations desk when a sailing is lost to
// weather or a technical fault.
func cancelSailing(svc SailingService, log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathUUID(w, r, "sailingID")
		if !ok {
			return
		}
		var req cancelSailingRequest
		if !decode(w, r, &req) {
			return
		}
		res, err := svc.Cancel(r.Context(), id, req.Reason)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{
			"already_cancelled": res.AlreadyCancelled,
			"refunds_queued":    res.RefundsQueued,
		})
	}
}

type checkInRequest struct {
	Desk string `json:"desk"`
}

type boardingPassJSON struct {
	ID       uuid.UUID  `json:"id"`
	Barcode  string     `json:"barcode"`
	Status   string     `json:"status"`
	IssuedAt time.Time  `json:"issued_at"`
	SentAt   *time.Time `json:"sent_at,omitempty"`
}

func checkIn(svc BoardingService, log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		sailingID, ok := pathUUID(w, r, "sailingID")
		if !ok {
			return
		}
		passengerID, ok := pathUUID(w, r, "passengerID")
		if !ok {
			return
		}
		var req checkInRequest
		if r.ContentLength > 0 && !decode(w, r, &req) {
			return
		}
		pass, err := svc.CheckIn(r.Context(), app.CheckInInput{SailingID: sailingID, PassengerID: passengerID, Desk: req.Desk})
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		writeJSON(w, http.StatusCreated, boardingPassJSON{
			ID: pass.ID, Barcode: pass.Barcode, Status: pass.Status, IssuedAt: pass.IssuedAt, SentAt: pass.SentAt,
		})
	}
}
