package httpapi

import (
	"context"
	"fmt"
	"net/http"

	"github.com/google/uuid"

	"github.com/terravault/carbonreg/internal/domain"
	"github.com/terravault/carbonreg/internal/service"
)

type projectHandlers struct {
	svc     service.ProjectService
	batches service.BatchService
}

func parseID(raw, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(raw)
	if err != nil {
		return uuid.Nil, fmt.Errorf("%s: not a UUID", name)
	}
	return id, nil
}

type created[T any] struct {
	Data T `json:"data"`
}

func (created[T]) StatusCode() int { return http.StatusCreated }

type ok[T any] struct {
	Data T `json:"data"`
}

type registerProjectReq struct {
	DeveloperID       uuid.UUID `json:"developer_id"`
	RegistryProjectID string    `json:"registry_project_id"`
	Name              string    `json:"name"`
	Methodology       string    `json:"methodology"`
	Country           string    `json:"country"`
}

func (r registerProjectReq) Validate() error {
	if r.DeveloperID == uuid.Nil {
		return fmt.Errorf("developer_id is required")
	}
	return nil
}

func (h *projectHandlers) register(ctx context.Context, req registerProjectReq) (ok[*domain.Project], error) {
	p, err := h.svc.Register(ctx, service.RegisterProject{
		DeveloperID:       req.DeveloperID,
		RegistryProjectID: req.RegistryProjectID,
		Name:              req.Name,
		Methodology:       req.Methodology,
		Country:           req.Country,
	})
	return ok[*domain.Project]{Data: p}, err
}

type issueBatchReq struct {
	ProjectID      string `uri:"projectID"`
	Vintage        int    `json:"vintage"`
	SerialStart    int64  `json:"serial_start"`
	SerialEnd      int64  `json:"serial_end"`
	UnitPriceCents int64  `json:"unit_price_cents"`
	Currency       string `json:"currency"`
}

func (h *projectHandlers) issueBatch(ctx context.Context, req issueBatchReq) (created[*domain.CreditBatch], error) {
	projectID, err := parseID(req.ProjectID, "projectID")
	if err != nil {
		return created[*domain.CreditBatch]{}, &service.Error{Kind: service.ErrInvalid, Msg: err.Error()}
	}
	b, err := h.batches.Issue(ctx, service.IssueBatch{
		ProjectID:      projectID,
		Vintage:        req.Vintage,
		SerialStart:    req.SerialStart,
		SerialEnd:      req.SerialEnd,
		UnitPriceCents: req.UnitPriceCents,
		Currency:       req.Currency,
	})
	return created[*domain.CreditBatch]{Data: b}, err
}
