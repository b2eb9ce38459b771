package api

import (
	"context"
	"net/http"

	"github.com/cobaltmesa/titleworks/internal/domain"
	"github.com/cobaltmesa/titleworks/internal/platform/httpx"
	"github.com/cobaltmesa/titleworks/internal/service/escrow"
)

// EscrowService books money in and earmarks it.
type EscrowService interface {
	RecordDeposit(ctx context.Context, accountID string, in escrow.DepositInput) (*domain.Deposit, error)
	PlaceHold(ctx context.Context, accountID, requestKey string, in escrow.HoldInput) (*domain.Hold, bool, error)
}

func recordDeposit(svc EscrowService) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in escrow.DepositInput
		if err := httpx.Decode(r, &in); err != nil {
			httpx.Error(w, r, err)
			return
		}
		d, err := svc.RecordDeposit(r.Context(), r.PathValue("accountID"), in)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusCreated, d)
	}
}

func placeHold(svc EscrowService) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in escrow.HoldInput
		if err := httpx.Decode(r, &in); err != nil {
			httpx.Error(w, r, err)
			return
		}
		h, replay, err := svc.PlaceHold(r.Context(), r.PathValue("accountID"), r.Header.Get("Idempotency-Key"), in)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		status := http.StatusCreated
		if replay {
			w.Header().Set("Idempotent-Replayed", "true")
			status = http.StatusOK
		}
		httpx.JSON(w, status, h)
	}
}
