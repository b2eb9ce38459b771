package httpapi

import (
	"io"
	"net/http"

	"github.com/harborline/claims/internal/documents"
	"github.com/harborline/claims/internal/platform/httpx"
)

// DocumentsHandler serves uploads. Bodies are raw bytes, so it does not use
// the JSON adapter for input.
type DocumentsHandler struct {
	svc     DocumentService
	adapter *httpx.Adapter
	maxSize int64
}

// NewDocumentsHandler builds a DocumentsHandler.
func NewDocumentsHandler(svc DocumentService, a *httpx.Adapter) *DocumentsHandler {
	return &DocumentsHandler{svc: svc, adapter: a, maxSize: 25 << 20}
}

// Upload handles POST /v1/claims/{claimID}/documents?type=estimate.
func (h *DocumentsHandler) Upload(w http.ResponseWriter, r *http.Request) {
	claimID, err := pathUUID(r, "claimID")
	if err != nil {
		h.adapter.WriteError(w, r, err)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, h.maxSize))
	if err != nil {
		h.adapter.WriteError(w, r, httpx.BadRequest("read body: %v", err))
		return
	}
	doc, err := h.svc.Upload(r.Context(), documents.UploadCmd{
		ClaimID:     claimID,
		DocType:     r.URL.Query().Get("type"),
		ContentType: r.Header.Get("Content-Type"),
		Body:        body,
	})
	if err != nil {
		h.adapter.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{
		"id": doc.ID, "claim_id": doc.ClaimID, "sha256": doc.SHA256, "doc_type": doc.DocType, "size_bytes": doc.SizeBytes,
	})
}
