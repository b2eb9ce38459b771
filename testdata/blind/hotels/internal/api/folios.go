package api

import (
	"context"
	"errors"
	"net/http"

	"github.com/harbourline/hotels/internal/folios"
)

// FoliosAPI serves folio postings from the POS and the front desk.
type FoliosAPI struct {
	svc folios.Service
}

// NewFoliosAPI returns the handler group.
func NewFoliosAPI(svc folios.Service) *FoliosAPI { return &FoliosAPI{svc: svc} }

type chargeRequest struct {
	FolioID        string `param:"id"`
	IdempotencyKey string `header:"Idempotency-Key"`
	PostedBy       string `header:"X-Staff-Id"`
	Code           string `json:"code"`
	Description    string `json:"description"`
	AmountMinor    int64  `json:"amount_minor"`
}

func (r *chargeRequest) Validate() error {
	if r.IdempotencyKey == "" {
		return errors.New("Idempotency-Key header is required")
	}
	if r.Code == "" || r.AmountMinor == 0 {
		return errors.New("code and a non-zero amount_minor are required")
	}
	return nil
}

type lineResponse struct {
	*folios.Line
}

func (lineResponse) StatusCode() int { return http.StatusCreated }

// PostCharge handles POST /v1/folios/:id/charges.
func (a *FoliosAPI) PostCharge(ctx context.Context, req chargeRequest) (lineResponse, error) {
	l, err := a.svc.PostCharge(ctx, folios.PostCharge{
		IdempotencyKey: req.IdempotencyKey,
		FolioID:        req.FolioID,
		Code:           req.Code,
		Description:    req.Description,
		AmountMinor:    req.AmountMinor,
		PostedBy:       req.PostedBy,
	})
	return lineResponse{Line: l}, err
}
