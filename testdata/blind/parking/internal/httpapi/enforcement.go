package httpapi

import (
	"io"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"github.com/cityparking/parking/internal/service"
)

const maxPhotoBytes = 8 << 20

// EnforcementHandlers serves the officers' handheld devices.
type EnforcementHandlers struct {
	svc *service.EnforcementService
}

func NewEnforcementHandlers(svc *service.EnforcementService) *EnforcementHandlers {
	return &EnforcementHandlers{svc: svc}
}

func (h *EnforcementHandlers) Routes(r chi.Router) {
	r.Post("/fines", h.issueFine)
	r.Post("/fines/{fineID}/photos", h.uploadPhoto)
	r.Post("/tows", h.requestTow)
}

type issueFineRequest struct {
	CitationNumber string    `json:"citation_number"`
	Plate          string    `json:"plate"`
	ZoneID         string    `json:"zone_id"`
	Reason         string    `json:"reason"`
	AmountCents    int64     `json:"amount_cents"`
	ObservedAt     time.Time `json:"observed_at"`
}

func (h *EnforcementHandlers) issueFine(w http.ResponseWriter, r *http.Request) {
	var req issueFineRequest
	if err := decode(r, &req); err != nil {
		badRequest(w, err.Error())
		return
	}
	if req.CitationNumber == "" || req.Plate == "" || req.AmountCents <= 0 {
		badRequest(w, "citation_number, plate and amount_cents are required")
		return
	}
	fine, created, err := h.svc.Issue(r.Context(), service.IssueInput{
		DeviceID:       deviceID(r),
		OfficerID:      officerID(r),
		CitationNumber: req.CitationNumber,
		Plate:          req.Plate,
		ZoneID:         req.ZoneID,
		Reason:         req.Reason,
		AmountCents:    req.AmountCents,
		ObservedAt:     req.ObservedAt.UTC(),
	})
	if err != nil {
		writeError(w, r, err)
		return
	}
	status := http.StatusCreated
	if !created {
		status = http.StatusOK
	}
	writeJSON(w, status, fine)
}

func (h *EnforcementHandlers) uploadPhoto(w http.ResponseWriter, r *http.Request) {
	fineID, err := uuid.Parse(chi.URLParam(r, "fineID"))
	if err != nil {
		badRequest(w, "invalid fine id")
		return
	}
	takenAt := time.Now().UTC()
	if v := r.URL.Query().Get("taken_at"); v != "" {
		if t, err := time.Parse(time.RFC3339, v); err == nil {
			takenAt = t.UTC()
		}
	}
	data, err := io.ReadAll(io.LimitReader(r.Body, maxPhotoBytes+1))
	if err != nil {
		badRequest(w, "could not read body")
		return
	}
	if len(data) == 0 || len(data) > maxPhotoBytes {
		badRequest(w, "photo must be between 1 byte and 8 MiB")
		return
	}
	photo, err := h.svc.AttachPhoto(r.Context(), service.PhotoInput{FineID: fineID, TakenAt: takenAt, Data: data})
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, photo)
}

type towRequest struct {
	FineID   uuid.UUID `json:"fine_id"`
	Location string    `json:"location"`
	Lat      float64   `json:"lat"`
	Lng      float64   `json:"lng"`
	Urgent   bool      `json:"urgent"`
}

func (h *EnforcementHandlers) requestTow(w http.ResponseWriter, r *http.Request) {
	var req towRequest
	if err := decode(r, &req); err != nil {
		badRequest(w, err.Error())
		return
	}
	tr, err := h.svc.RequestTow(r.Context(), service.TowInput{
		FineID:    req.FineID,
		OfficerID: officerID(r),
		Location:  req.Location,
		Lat:       req.Lat,
		Lng:       req.Lng,
		Urgent:    req.Urgent,
	})
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, tr)
}
