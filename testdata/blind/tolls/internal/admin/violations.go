package admin

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/northgate/tolls/internal/service/violations"
)

// ViolationRoutes are the violation back-office endpoints.
type ViolationRoutes struct {
	violations violations.Service
}

// NewViolationRoutes returns ViolationRoutes.
func NewViolationRoutes(v violations.Service) *ViolationRoutes {
	return &ViolationRoutes{violations: v}
}

// Register implements Route.
func (r *ViolationRoutes) Register(g *echo.Group, _ *echo.Echo) {
	g.GET("/violations/:id", r.get)
	g.POST("/violations/:id/reissue", r.reissue)
}

func (r *ViolationRoutes) get(c echo.Context) error {
	v, err := r.violations.Get(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, v)
}

func (r *ViolationRoutes) reissue(c echo.Context) error {
	res, err := r.violations.Reissue(c.Request().Context(), c.Param("id"), agent(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, map[string]string{
		"letter_id":         res.ID,
		"status":            res.Status,
		"expected_delivery": res.ExpectedDelivery,
	})
}
