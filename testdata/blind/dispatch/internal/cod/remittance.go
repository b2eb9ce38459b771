package cod

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
	"go.uber.org/zap"
	"gorm.io/gorm"

	"github.com/quaymile/dispatch/internal/domain"
	"github.com/quaymile/dispatch/internal/idempotency"
	"github.com/quaymile/dispatch/internal/platform/database"
	"github.com/quaymile/dispatch/internal/platform/httpserver"
)

// ErrOverRemit is returned when a courier hands in more than they hold.
var ErrOverRemit = errors.New("remittance exceeds courier cash balance")

// RemitCommand is a courier handing cash in at a hub.
type RemitCommand struct {
	IdempotencyKey string
	RequestHash    string
	CourierID      string
	HubID          string
	AmountCents    int64
	Currency       string
	ReceivedBy     string
}

// RemitResult is the stored API response.
type RemitResult struct {
	StatusCode int
	Body       []byte
}

// RemittanceService handles hub cash hand-ins.
type RemittanceService struct {
	tx          database.Transactor
	idem        idempotency.Store
	remittances *database.Repo[domain.CODRemittance]
	balances    *database.Repo[domain.CourierCashBalance]
	log         *zap.Logger
}

// NewRemittanceService builds a RemittanceService.
func NewRemittanceService(tx database.Transactor, db *gorm.DB, idem idempotency.Store, log *zap.Logger) *RemittanceService {
	return &RemittanceService{
		tx:          tx,
		idem:        idem,
		remittances: database.NewRepo[domain.CODRemittance](db),
		balances:    database.NewRepo[domain.CourierCashBalance](db),
		log:         log,
	}
}

// Remit records cash handed in and reduces the courier's balance.
func (s *RemittanceService) Remit(ctx context.Context, cmd RemitCommand) (*RemitResult, error) {
	scope := "cod.remit:" + cmd.HubID
	prev, err := s.idem.Lookup(ctx, scope, cmd.IdempotencyKey)
	if err != nil {
		return nil, err
	}
	if prev != nil {
		if prev.RequestHash != cmd.RequestHash {
			return nil, idempotency.ErrMismatch
		}
		return &RemitResult{StatusCode: prev.ResponseCode, Body: prev.ResponseBody}, nil
	}

	rem := &domain.CODRemittance{
		ID:          uuid.NewString(),
		CourierID:   cmd.CourierID,
		HubID:       cmd.HubID,
		AmountCents: cmd.AmountCents,
		Currency:    cmd.Currency,
		ReceivedBy:  cmd.ReceivedBy,
		CreatedAt:   time.Now().UTC(),
	}
	err = s.tx.WithinTransaction(ctx, func(txCtx context.Context) error {
		bal, err := s.balances.LockOne(txCtx, "courier_id = ?", cmd.CourierID)
		if errors.Is(err, database.ErrNotFound) {
			return ErrOverRemit
		}
		if err != nil {
			return err
		}
		if bal.BalanceCents < cmd.AmountCents {
			return ErrOverRemit
		}
		if err := s.remittances.Create(txCtx, rem); err != nil {
			return fmt.Errorf("insert remittance: %w", err)
		}
		_, err = s.balances.UpdateWhere(txCtx, map[string]any{
			"balance_cents": gorm.Expr("balance_cents - ?", cmd.AmountCents),
			"updated_at":    time.Now().UTC(),
		}, "courier_id = ?", cmd.CourierID)
		return err
	})
	if err != nil {
		return nil, err
	}

	body, _ := json.Marshal(rem)
	if err := s.idem.Save(ctx, scope, cmd.IdempotencyKey, cmd.RequestHash, http.StatusCreated, body); err != nil {
		s.log.Warn("store remittance idempotency key", zap.String("remittance_id", rem.ID), zap.Error(err))
	}
	return &RemitResult{StatusCode: http.StatusCreated, Body: body}, nil
}

// RemittanceHandler is the hub console endpoint.
type RemittanceHandler struct {
	svc *RemittanceService
}

// NewRemittanceHandler builds the handler.
func NewRemittanceHandler(svc *RemittanceService) *RemittanceHandler {
	return &RemittanceHandler{svc: svc}
}

// Routes implements httpserver.RouteRegistrar.
func (h *RemittanceHandler) Routes() []httpserver.Route {
	return []httpserver.Route{
		{Method: http.MethodPost, Path: "/v1/cod/remittances", Handler: h.remit, Audience: "ops",
			Middleware: []gin.HandlerFunc{httpserver.RequireIdempotencyKey()}},
	}
}

type remitRequest struct {
	CourierID   string `json:"courier_id" binding:"required"`
	HubID       string `json:"hub_id" binding:"required"`
	AmountCents int64  `json:"amount_cents" binding:"required,gt=0"`
	Currency    string `json:"currency" binding:"required,len=3"`
}

func (h *RemittanceHandler) remit(c *gin.Context) {
	var req remitRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpserver.Error(c, http.StatusBadRequest, err)
		return
	}
	res, err := h.svc.Remit(c.Request.Context(), RemitCommand{
		IdempotencyKey: httpserver.IdempotencyKey(c),
		RequestHash:    httpserver.BodyHash(c),
		CourierID:      req.CourierID,
		HubID:          req.HubID,
		AmountCents:    req.AmountCents,
		Currency:       req.Currency,
		ReceivedBy:     httpserver.Actor(c),
	})
	switch {
	case errors.Is(err, idempotency.ErrMismatch):
		httpserver.Error(c, http.StatusUnprocessableEntity, err)
	case errors.Is(err, ErrOverRemit):
		httpserver.Error(c, http.StatusConflict, err)
	case err != nil:
		httpserver.Error(c, http.StatusInternalServerError, err)
	default:
		c.Data(res.StatusCode, "application/json", res.Body)
	}
}
