package httpapi

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/harborlight-symphony/encore/internal/boxoffice"
	"github.com/harborlight-symphony/encore/internal/domain"
)

// BoxOffice is the single-ticket API's view of the domain.
type BoxOffice interface {
	PlaceOrder(ctx context.Context, req boxoffice.PlaceOrderRequest) (*domain.Order, error)
	Exchange(ctx context.Context, orderID, patronID string) (*domain.ExchangeCredit, error)
	RedeemCredit(ctx context.Context, creditID string, req boxoffice.RedeemRequest) (*domain.Order, error)
}

type orderHandlers struct {
	box BoxOffice
}

type placeOrderBody struct {
	PatronID        string   `json:"patron_id" binding:"required"`
	PerformanceID   string   `json:"performance_id" binding:"required"`
	Seats           []string `json:"seats" binding:"required"`
	PaymentMethodID string   `json:"payment_method_id" binding:"required"`
	Email           string   `json:"email" binding:"required"`
	Channel         string   `json:"channel"`
}

type orderView struct {
	ID            string `json:"id"`
	PerformanceID string `json:"performance_id"`
	TotalCents    int64  `json:"total_cents"`
	Status        string `json:"status"`
	Channel       string `json:"channel"`
}

func viewOrder(o *domain.Order) orderView {
	return orderView{ID: o.ID, PerformanceID: o.PerformanceID, TotalCents: o.TotalCents, Status: o.Status, Channel: o.Channel}
}

func (h *orderHandlers) place(c *gin.Context) {
	body, ok := bind[placeOrderBody](c)
	if !ok {
		return
	}
	o, err := h.box.PlaceOrder(c.Request.Context(), boxoffice.PlaceOrderRequest{
		RequestKey:      c.GetHeader("Idempotency-Key"),
		PatronID:        body.PatronID,
		PerformanceID:   body.PerformanceID,
		Seats:           body.Seats,
		PaymentMethodID: body.PaymentMethodID,
		Email:           body.Email,
		Channel:         body.Channel,
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, viewOrder(o))
}

type exchangeBody struct {
	PatronID string `json:"patron_id" binding:"required"`
}

func (h *orderHandlers) exchange(c *gin.Context) {
	body, ok := bind[exchangeBody](c)
	if !ok {
		return
	}
	credit, err := h.box.Exchange(c.Request.Context(), c.Param("id"), body.PatronID)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{
		"credit_id":       credit.ID,
		"remaining_cents": credit.RemainingCents,
		"expires_at":      credit.ExpiresAt,
	})
}

type redeemBody struct {
	PatronID      string   `json:"patron_id" binding:"required"`
	PerformanceID string   `json:"performance_id" binding:"required"`
	Seats         []string `json:"seats" binding:"required"`
	Email         string   `json:"email" binding:"required"`
}

func (h *orderHandlers) redeem(c *gin.Context) {
	body, ok := bind[redeemBody](c)
	if !ok {
		return
	}
	o, err := h.box.RedeemCredit(c.Request.Context(), c.Param("id"), boxoffice.RedeemRequest{
		PatronID:      body.PatronID,
		PerformanceID: body.PerformanceID,
		Seats:         body.Seats,
		Email:         body.Email,
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, viewOrder(o))
}
