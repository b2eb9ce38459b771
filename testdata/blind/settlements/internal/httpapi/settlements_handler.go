package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/trustwell/settlements/internal/service"
)

// SettlementHandler serves settlement lifecycle routes.
type SettlementHandler struct {
	settlements service.SettlementService
	claimants   service.ClaimantService
	deposits    service.DepositService
	allocations service.AllocationService
	liens       service.LienService
	closing     service.ClosingService
}

// NewSettlementHandler builds the SettlementHandler.
func NewSettlementHandler(
	settlements service.SettlementService,
	claimants service.ClaimantService,
	deposits service.DepositService,
	allocations service.AllocationService,
	liens service.LienService,
	closing service.ClosingService,
) *SettlementHandler {
	return &SettlementHandler{
		settlements: settlements,
		claimants:   claimants,
		deposits:    deposits,
		allocations: allocations,
		liens:       liens,
		closing:     closing,
	}
}

// Register mounts the routes.
func (h *SettlementHandler) Register(api *echo.Group, _ *echo.Group) {
	api.POST("/settlements", h.create)
	api.GET("/settlements/:id", h.get)
	api.POST("/settlements/:id/deposits", h.recordDeposit)
	api.POST("/settlements/:id/claimants", h.addClaimant)
	api.POST("/settlements/:id/liens", h.addLien)
	api.POST("/settlements/:id/allocations", h.computeAllocations)
	api.POST("/settlements/:id/approve", h.approve)
	api.POST("/settlements/:id/close", h.close)
}

func (h *SettlementHandler) create(c echo.Context) error {
	var in service.CreateSettlementInput
	if err := bindJSON(c, &in); err != nil {
		return err
	}
	in.Actor = actor(c)
	st, err := h.settlements.Create(c.Request().Context(), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, st)
}

func (h *SettlementHandler) get(c echo.Context) error {
	v, err := h.settlements.Get(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, v)
}

func (h *SettlementHandler) recordDeposit(c echo.Context) error {
	var in service.RecordDepositInput
	if err := bindJSON(c, &in); err != nil {
		return err
	}
	in.Actor = actor(c)
	dep, err := h.deposits.Record(c.Request().Context(), c.Param("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, dep)
}

func (h *SettlementHandler) addClaimant(c echo.Context) error {
	var in service.AddClaimantInput
	if err := bindJSON(c, &in); err != nil {
		return err
	}
	cl, created, err := h.claimants.Add(c.Request().Context(), c.Param("id"), in)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	return c.JSON(status, cl)
}

func (h *SettlementHandler) addLien(c echo.Context) error {
	var in service.AddLienInput
	if err := bindJSON(c, &in); err != nil {
		return err
	}
	l, created, err := h.liens.Add(c.Request().Context(), c.Param("id"), in)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	return c.JSON(status, l)
}

func (h *SettlementHandler) computeAllocations(c echo.Context) error {
	var in service.ComputeInput
	if err := bindJSON(c, &in); err != nil {
		return err
	}
	rows, err := h.allocations.Compute(c.Request().Context(), c.Param("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"allocations": rows})
}

func (h *SettlementHandler) approve(c echo.Context) error {
	res, err := h.allocations.Approve(c.Request().Context(), c.Param("id"), actor(c))
	if err != nil {
		return err
	}
	status := http.StatusAccepted
	if res.AlreadyApproved {
		status = http.StatusOK
	}
	return c.JSON(status, res)
}

func (h *SettlementHandler) close(c echo.Context) error {
	st, err := h.closing.RequestClose(c.Request().Context(), c.Param("id"), actor(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, st)
}
