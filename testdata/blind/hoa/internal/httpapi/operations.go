package httpapi

import (
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/larchway/hoaops/internal/amenities"
	"github.com/larchway/hoaops/internal/maintenance"
	"github.com/larchway/hoaops/internal/violations"
)

// OperationsHandler serves maintenance and violation endpoints.
type OperationsHandler struct {
	maintenance maintenance.Service
	violations  violations.Service
	log         *slog.Logger
}

// NewOperationsHandler builds an OperationsHandler.
func NewOperationsHandler(m maintenance.Service, v violations.Service, log *slog.Logger) *OperationsHandler {
	return &OperationsHandler{maintenance: m, violations: v, log: log}
}

// Mount implements Mounter.
func (h *OperationsHandler) Mount(r chi.Router, auth func(http.Handler) http.Handler) {
	r.Group(func(r chi.Router) {
		r.Use(auth)
		r.Post("/maintenance-requests", h.submitRequest)
		r.Post("/maintenance-requests/{requestID}/dispatch", h.dispatchRequest)
		r.Post("/violations/{violationID}/fine", h.assessFine)
	})
}

func (h *OperationsHandler) submitRequest(w http.ResponseWriter, r *http.Request) {
	var req maintenance.SubmitRequest
	if err := decodeJSON(r, &req); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	mr, created, err := h.maintenance.Submit(r.Context(), idempotencyKey(r), req)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	writeJSON(w, status, mr)
}

func (h *OperationsHandler) dispatchRequest(w http.ResponseWriter, r *http.Request) {
	id, err := uuidParam(r, "requestID")
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	var req maintenance.DispatchRequest
	if err := decodeJSON(r, &req); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	mr, err := h.maintenance.Dispatch(r.Context(), id, req)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, mr)
}

func (h *OperationsHandler) assessFine(w http.ResponseWriter, r *http.Request) {
	id, err := uuidParam(r, "violationID")
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	var req violations.FineRequest
	if err := decodeJSON(r, &req); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	req.Actor = actorFrom(r.Context())
	v, err := h.violations.AssessFine(r.Context(), id, req)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// AmenitiesHandler serves amenity reservations.
type AmenitiesHandler struct {
	svc amenities.Service
	log *slog.Logger
}

// NewAmenitiesHandler builds an AmenitiesHandler.
func NewAmenitiesHandler(svc amenities.Service, log *slog.Logger) *AmenitiesHandler {
	return &AmenitiesHandler{svc: svc, log: log}
}

// Mount implements Mounter.
func (h *AmenitiesHandler) Mount(r chi.Router, auth func(http.Handler) http.Handler) {
	r.With(auth).Post("/amenities/{amenityID}/reservations", h.reserve)
}

func (h *AmenitiesHandler) reserve(w http.ResponseWriter, r *http.Request) {
	amenityID, err := uuidParam(r, "amenityID")
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	var req amenities.ReserveRequest
	if err := decodeJSON(r, &req); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	req.AmenityID = amenityID
	res, err := h.svc.Reserve(r.Context(), idempotencyKey(r), req)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusCreated, res)
}
