package httpapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
)

// Services bundles everything the router dispatches to.
type Services struct {
	Subscriptions SubscriptionService
	BoxOffice     BoxOffice
	Development   Development
	Payroll       PayrollEndpoints
	Idempotency   IdempotencyStore
	Ready         func(ctx context.Context) error
}

// NewRouter builds the gin engine with every route registered.
func NewRouter(s Services, log *slog.Logger) *gin.Engine {
	r := gin.New()
	r.Use(gin.Recovery(), RequestID(), AccessLog(log))

	r.GET("/healthz", func(c *gin.Context) { c.Status(http.StatusNoContent) })
	r.GET("/readyz", func(c *gin.Context) {
		if err := s.Ready(c.Request.Context()); err != nil {
			c.JSON(http.StatusServiceUnavailable, errorBody{Error: err.Error()})
			return
		}
		c.Status(http.StatusNoContent)
	})

	v1 := r.Group("/v1")

	subs := &subscriptionHandlers{svc: s.Subscriptions}
	v1.POST("/subscriptions", subs.create)
	v1.GET("/subscriptions/:id", subs.get)
	v1.POST("/subscriptions/:id/fulfilment", subs.fulfil)

	orders := &orderHandlers{box: s.BoxOffice}
	v1.POST("/orders", orders.place)
	v1.POST("/orders/:id/exchange", orders.exchange)
	v1.POST("/exchange-credits/:id/redeem", orders.redeem)

	pledges := &pledgeHandlers{dev: s.Development}
	v1.POST("/pledges", pledges.create)
	v1.POST("/pledges/:id/payments", Idempotent(s.Idempotency), pledges.pay)
	v1.POST("/pledges/:id/matching-gift", pledges.matchingGift)

	back := v1.Group("/payroll")
	back.POST("/services/:id/roster", s.Payroll.roster)
	back.POST("/periods/close", s.Payroll.closePeriod)

	return r
}
