package admin

import (
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/northgate/tolls/internal/config"
	"github.com/northgate/tolls/internal/events"
	"github.com/northgate/tolls/internal/service/accounts"
	"github.com/northgate/tolls/internal/service/billing"
)

// AccountRoutes are the account back-office endpoints.
type AccountRoutes struct {
	accounts accounts.Service
	billing  billing.Service
	queue    events.QueueSender
	cfg      *config.Config
}

// NewAccountRoutes returns AccountRoutes.
func NewAccountRoutes(a accounts.Service, b billing.Service, q events.QueueSender, cfg *config.Config) *AccountRoutes {
	return &AccountRoutes{accounts: a, billing: b, queue: q, cfg: cfg}
}

// Register implements Route.
func (r *AccountRoutes) Register(g *echo.Group, _ *echo.Echo) {
	g.GET("/accounts/:id", r.get)
	g.POST("/accounts/:id/adjustments", r.adjust)
	g.POST("/accounts/:id/statements", r.requestStatement)
}

func (r *AccountRoutes) get(c echo.Context) error {
	view, err := r.billing.Balance(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, view)
}

type adjustmentRequest struct {
	AmountCents int64  `json:"amount_cents"`
	Memo        string `json:"memo"`
}

func (r *AccountRoutes) adjust(c echo.Context) error {
	key := strings.TrimSpace(c.Request().Header.Get("Idempotency-Key"))
	if key == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "Idempotency-Key header is required")
	}
	var req adjustmentRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid body")
	}
	entry, err := r.billing.Adjust(c.Request().Context(), billing.AdjustParams{
		AccountID:      c.Param("id"),
		AmountCents:    req.AmountCents,
		Memo:           req.Memo,
		Actor:          agent(c),
		IdempotencyKey: key,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, entry)
}

// StatementJob is consumed by the statement renderer, which produces and
// mails or e-mails one statement per message.
type StatementJob struct {
	AccountID   string    `json:"account_id"`
	Period      string    `json:"period"`
	Delivery    string    `json:"delivery"`
	RequestedBy string    `json:"requested_by"`
	RequestedAt time.Time `json:"requested_at"`
}

type statementRequest struct {
	Period   string `json:"period"`
	Delivery string `json:"delivery"`
}

func (r *AccountRoutes) requestStatement(c echo.Context) error {
	var req statementRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid body")
	}
	if _, err := time.Parse("2006-01", req.Period); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "period must be YYYY-MM")
	}
	if req.Delivery != "mail" && req.Delivery != "email" {
		req.Delivery = "email"
	}
	ctx := c.Request().Context()
	acct, err := r.accounts.Get(ctx, c.Param("id"))
	if err != nil {
		return err
	}
	job := StatementJob{
		AccountID:   acct.ID,
		Period:      req.Period,
		Delivery:    req.Delivery,
		RequestedBy: agent(c),
		RequestedAt: time.Now().UTC(),
	}
	msgID, err := r.queue.Send(ctx, r.cfg.Queues.Statements, events.NewEnvelope("statement.requested", acct.ID, job))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, map[string]string{"message_id": msgID})
}
