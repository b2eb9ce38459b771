package api

import (
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/civicworks/permits/internal/api/middleware"
	"github.com/civicworks/permits/internal/permits"
	"github.com/civicworks/permits/internal/service"
)

const maxUploadBytes = 25 << 20

// ApplicationHandler serves the resident application endpoints.
type ApplicationHandler struct {
	apps   service.Applications
	fees   service.Fees
	docs   service.Documents
	replay middleware.IdempotentReplay
	log    *slog.Logger
}

// NewApplicationHandler builds the handler.
func NewApplicationHandler(
	apps service.Applications,
	fees service.Fees,
	docs service.Documents,
	replay middleware.IdempotentReplay,
	log *slog.Logger,
) *ApplicationHandler {
	return &ApplicationHandler{apps: apps, fees: fees, docs: docs, replay: replay, log: log}
}

// Register mounts the routes.
func (h *ApplicationHandler) Register(r chi.Router) {
	r.Group(func(r chi.Router) {
		r.Use(middleware.RequireResident)
		r.With(h.replay.Wrap("applications.create")).Post("/v1/applications", h.create)
		r.Get("/v1/applications/{id}", h.get)
		r.Post("/v1/applications/{id}/submit", h.submit)
		r.Post("/v1/applications/{id}/documents", h.upload)
		r.Post("/v1/applications/{id}/amendments", h.amend)
		r.Post("/v1/applications/{id}/withdraw", h.withdraw)
		r.Post("/v1/applications/{id}/comments", h.comment)
	})
}

func (h *ApplicationHandler) create(w http.ResponseWriter, r *http.Request) {
	var in service.CreateApplicationInput
	if err := decodeJSON(r, &in); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	app, err := h.apps.Create(r.Context(), middleware.ResidentID(r.Context()), in)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusCreated, app)
}

func (h *ApplicationHandler) get(w http.ResponseWriter, r *http.Request) {
	app, err := h.apps.Get(r.Context(), middleware.ResidentID(r.Context()), chi.URLParam(r, "id"))
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, app)
}

func (h *ApplicationHandler) submit(w http.ResponseWriter, r *http.Request) {
	checkout, err := h.fees.StartPayment(r.Context(), middleware.ResidentID(r.Context()), chi.URLParam(r, "id"))
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, checkout)
}

func (h *ApplicationHandler) upload(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxUploadBytes)
	if err := r.ParseMultipartForm(8 << 20); err != nil {
		writeError(w, r, h.log, errors.Join(permits.ErrValidation, err))
		return
	}
	file, header, err := r.FormFile("file")
	if err != nil {
		writeError(w, r, h.log, errors.Join(permits.ErrValidation, err))
		return
	}
	defer file.Close()
	content, err := io.ReadAll(file)
	if err != nil {
		writeError(w, r, h.log, errors.Join(permits.ErrValidation, err))
		return
	}
	doc, err := h.docs.Upload(r.Context(), middleware.ResidentID(r.Context()), chi.URLParam(r, "id"), service.UploadInput{
		Filename:    header.Filename,
		ContentType: header.Header.Get("Content-Type"),
		Content:     content,
	})
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusAccepted, doc)
}

func (h *ApplicationHandler) amend(w http.ResponseWriter, r *http.Request) {
	var in service.AmendInput
	if err := decodeJSON(r, &in); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	res, err := h.apps.Amend(r.Context(), middleware.ResidentID(r.Context()), chi.URLParam(r, "id"), in)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	status := http.StatusOK
	if res.Created {
		status = http.StatusCreated
	}
	writeJSON(w, status, res.Amendment)
}

func (h *ApplicationHandler) withdraw(w http.ResponseWriter, r *http.Request) {
	app, err := h.apps.Withdraw(r.Context(), middleware.ResidentID(r.Context()), chi.URLParam(r, "id"))
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, app)
}

type commentBody struct {
	Body string `json:"body"`
}

func (h *ApplicationHandler) comment(w http.ResponseWriter, r *http.Request) {
	var in commentBody
	if err := decodeJSON(r, &in); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	author := service.Author{ID: middleware.ResidentID(r.Context()), Role: "resident"}
	c, err := h.apps.AddComment(r.Context(), author, chi.URLParam(r, "id"), in.Body)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusCreated, c)
}
