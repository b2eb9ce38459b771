package httpapi

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"github.com/carelift-health/nemt/internal/apperr"
)

type adminHandlers struct {
	starter Rebiller
}

type rebillRequest struct {
	TripID uuid.UUID `param:"id"`
}

type rebillResponse struct {
	WorkflowID string `json:"workflow_id"`
}

func (rebillResponse) StatusCode() int { return http.StatusAccepted }

func (h *adminHandlers) rebill(ctx context.Context, req rebillRequest) (rebillResponse, error) {
	if !principalFrom(ctx).Staff {
		return rebillResponse{}, apperr.Forbidden("staff only")
	}
	id, err := h.starter.Rebill(ctx, req.TripID)
	if err != nil {
		return rebillResponse{}, err
	}
	loggerFrom(ctx).Info("rebill requested", "trip", req.TripID, "workflow", id)
	return rebillResponse{WorkflowID: id}, nil
}
