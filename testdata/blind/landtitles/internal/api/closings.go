package api

import (
	"context"
	"net/http"

	"github.com/cobaltmesa/titleworks/internal/platform/httpx"
)

// ClosingService drives closings.
type ClosingService interface {
	StartFunding(ctx context.Context, closingID string) (string, error)
	StartRecording(ctx context.Context, closingID string) (string, error)
	Settle(ctx context.Context, closingID string) error
	SendNotices(ctx context.Context, closingID string) (int, error)
}

type workflowStarted struct {
	ClosingID  string `json:"closing_id"`
	WorkflowID string `json:"workflow_id"`
}

func startFunding(svc ClosingService) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id := r.PathValue("closingID")
		wfID, err := svc.StartFunding(r.Context(), id)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusAccepted, workflowStarted{ClosingID: id, WorkflowID: wfID})
	}
}

func startRecording(svc ClosingService) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id := r.PathValue("closingID")
		wfID, err := svc.StartRecording(r.Context(), id)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusAccepted, workflowStarted{ClosingID: id, WorkflowID: wfID})
	}
}

func settleClosing(svc ClosingService) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := svc.Settle(r.Context(), r.PathValue("closingID")); err != nil {
			httpx.Error(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

func sendNotices(svc ClosingService) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		n, err := svc.SendNotices(r.Context(), r.PathValue("closingID"))
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusOK, map[string]int{"sent": n})
	}
}
