package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/google/uuid"

	"github.com/curbline-civic/permits/internal/applications"
	"github.com/curbline-civic/permits/internal/domain"
	"github.com/curbline-civic/permits/internal/platform/httpx"
)

// officerFrom returns the officer badge set by the auth middleware.
func officerFrom(r *http.Request) string {
	return r.Header.Get("X-Officer-Badge")
}

func decideApplication(svc ApplicationService, log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := httpx.UUIDParam(r, "id")
		if err != nil {
			httpx.Error(log, w, r, err)
			return
		}
		var d applications.Decision
		if err := httpx.Decode(r, &d); err != nil {
			httpx.Error(log, w, r, err)
			return
		}
		d.Officer = officerFrom(r)
		if err := svc.Decide(r.Context(), id, d); err != nil {
			httpx.Error(log, w, r, err)
			return
		}
		w.WriteHeader(http.StatusAccepted)
	}
}

type noteRequest struct {
	ID   uuid.UUID `json:"id"`
	Body string    `json:"body"`
}

func addNote(svc ApplicationService, log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		appID, err := httpx.UUIDParam(r, "id")
		if err != nil {
			httpx.Error(log, w, r, err)
			return
		}
		var req noteRequest
		if err := httpx.Decode(r, &req); err != nil {
			httpx.Error(log, w, r, err)
			return
		}
		if req.ID == uuid.Nil {
			httpx.Error(log, w, r, errors.Join(domain.ErrInvalid, errors.New("note id is required")))
			return
		}
		n, err := svc.AddNote(r.Context(), applications.Note{
			ID: req.ID, ApplicationID: appID, Author: officerFrom(r), Body: req.Body,
		})
		if err != nil {
			httpx.Error(log, w, r, err)
			return
		}
		httpx.JSON(w, http.StatusCreated, n)
	}
}

func listNotes(svc ApplicationService, log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		appID, err := httpx.UUIDParam(r, "id")
		if err != nil {
			httpx.Error(log, w, r, err)
			return
		}
		notes, err := svc.Notes(r.Context(), appID)
		if err != nil {
			httpx.Error(log, w, r, err)
			return
		}
		httpx.JSON(w, http.StatusOK, notes)
	}
}
