package reporting

import (
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"
	"go.uber.org/fx"

	"github.com/quaymile/dispatch/internal/platform/httpserver"
)

// Handler exposes read-only reports.
type Handler struct {
	q *Queries
}

// NewHandler builds the Handler.
func NewHandler(q *Queries) *Handler { return &Handler{q: q} }

// Routes implements httpserver.RouteRegistrar.
func (h *Handler) Routes() []httpserver.Route {
	return []httpserver.Route{
		{Method: http.MethodGet, Path: "/v1/reports/cod-outstanding", Handler: h.outstanding, Audience: "ops"},
		{Method: http.MethodGet, Path: "/v1/reports/courier-performance", Handler: h.performance, Audience: "ops"},
	}
}

func (h *Handler) outstanding(c *gin.Context) {
	min, _ := strconv.ParseInt(c.DefaultQuery("min_cents", "0"), 10, 64)
	rows, err := h.q.CourierCashOutstanding(c.Request.Context(), min)
	if err != nil {
		httpserver.Error(c, http.StatusInternalServerError, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"rows": rows})
}

func (h *Handler) performance(c *gin.Context) {
	day, err := time.Parse("2006-01-02", c.Query("date"))
	if err != nil {
		httpserver.Error(c, http.StatusBadRequest, err)
		return
	}
	rows, err := h.q.CourierPerformance(c.Request.Context(), day)
	if err != nil {
		httpserver.Error(c, http.StatusInternalServerError, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"rows": rows})
}

// Module wires reporting.
var Module = fx.Module("reporting",
	fx.Provide(NewQueries, httpserver.AsRouteRegistrar(NewHandler)),
)
