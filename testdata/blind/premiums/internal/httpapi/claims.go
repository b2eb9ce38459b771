package httpapi

import (
	"errors"
	"io"
	"mime"
	"net/http"
	"time"

	"github.com/gorilla/mux"

	"github.com/pawsure/premiums/internal/service/claims"
)

var (
	errSlotInPast      = errors.New("slot_start must be in the future")
	errUnsupportedType = errors.New("unsupported document type")
)

var claimErrors = map[error]int{
	claims.ErrPolicyNotInForce: http.StatusUnprocessableEntity,
	claims.ErrClaimClosed:      http.StatusConflict,
	claims.ErrBadDecision:      http.StatusBadRequest,
	claims.ErrTooLarge:         http.StatusRequestEntityTooLarge,
}

type submitClaimRequest struct {
	PolicyID      string `json:"policy_id"`
	ClinicCode    string `json:"clinic_code"`
	InvoiceNumber string `json:"invoice_number"`
	Condition     string `json:"condition"`
	TreatmentDate string `json:"treatment_date"`
	ClaimedCents  int64  `json:"claimed_cents"`
	PayVetDirect  bool   `json:"pay_vet_direct"`
}

type claimResponse struct {
	ID            string `json:"id"`
	Status        string `json:"status"`
	InvoiceNumber string `json:"invoice_number"`
	ClaimedCents  int64  `json:"claimed_cents"`
	ApprovedCents *int64 `json:"approved_cents,omitempty"`
}

// SubmitClaim handles POST /v1/claims.
func SubmitClaim(svc claims.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req submitClaimRequest
		if err := decodeJSON(r, &req); err != nil {
			writeError(w, r, http.StatusBadRequest, err)
			return
		}
		td, err := time.Parse(time.DateOnly, req.TreatmentDate)
		if err != nil {
			writeError(w, r, http.StatusBadRequest, err)
			return
		}
		c, created, err := svc.Submit(r.Context(), claims.SubmitInput{
			PolicyID:      req.PolicyID,
			ClinicCode:    req.ClinicCode,
			InvoiceNumber: req.InvoiceNumber,
			Condition:     req.Condition,
			TreatmentDate: td,
			ClaimedCents:  req.ClaimedCents,
			PayVetDirect:  req.PayVetDirect,
			Source:        "app",
		})
		if err != nil {
			writeError(w, r, statusFor(err, claimErrors), err)
			return
		}
		status := http.StatusCreated
		if !created {
			status = http.StatusOK
		}
		writeJSON(w, status, claimResponse{ID: c.ID, Status: c.Status, InvoiceNumber: c.VetInvoiceNumber, ClaimedCents: c.ClaimedCents})
	}
}

var allowedDocTypes = map[string]bool{
	"application/pdf": true,
	"image/jpeg":      true,
	"image/png":       true,
	"image/heic":      true,
}

// UploadDocument handles POST /v1/claims/{id}/documents with the raw file as
// the request body.
func UploadDocument(svc claims.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ct, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
		if err != nil || !allowedDocTypes[ct] {
			writeError(w, r, http.StatusUnsupportedMediaType, errUnsupportedType)
			return
		}
		data, err := io.ReadAll(io.LimitReader(r.Body, claims.MaxDocumentBytes+1))
		if err != nil {
			writeError(w, r, http.StatusBadRequest, err)
			return
		}
		docID, err := svc.AttachDocument(r.Context(), mux.Vars(r)["id"], ct, data)
		if err != nil {
			writeError(w, r, statusFor(err, claimErrors), err)
			return
		}
		writeJSON(w, http.StatusCreated, map[string]string{"document_id": docID})
	}
}
