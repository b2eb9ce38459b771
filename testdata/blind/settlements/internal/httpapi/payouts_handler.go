package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/trustwell/settlements/internal/service"
)

// PayoutHandler serves routes that move money out of trust after approval:
// reissues, holdback releases, lien resolution and lien checks, and claimant
// bank details.
type PayoutHandler struct {
	disbursements service.DisbursementService
	holdbacks     service.HoldbackService
	liens         service.LienService
	claimants     service.ClaimantService
}

// NewPayoutHandler builds the PayoutHandler.
func NewPayoutHandler(
	disbursements service.DisbursementService,
	holdbacks service.HoldbackService,
	liens service.LienService,
	claimants service.ClaimantService,
) *PayoutHandler {
	return &PayoutHandler{
		disbursements: disbursements,
		holdbacks:     holdbacks,
		liens:         liens,
		claimants:     claimants,
	}
}

// Register mounts the routes.
func (h *PayoutHandler) Register(api *echo.Group, _ *echo.Group) {
	api.POST("/disbursements/:id/reissue", h.reissue)
	api.POST("/holdbacks/:id/release", h.releaseHoldback)
	api.POST("/liens/:id/resolve", h.resolveLien)
	api.POST("/lien-payments/:id/void", h.voidLienCheck)
	api.PUT("/claimants/:id/bank-account", h.attachBankAccount)
}

func (h *PayoutHandler) reissue(c echo.Context) error {
	d, err := h.disbursements.Reissue(c.Request().Context(), c.Param("id"), actor(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, d)
}

func (h *PayoutHandler) releaseHoldback(c echo.Context) error {
	hb, err := h.holdbacks.RequestRelease(c.Request().Context(), c.Param("id"), actor(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, hb)
}

func (h *PayoutHandler) resolveLien(c echo.Context) error {
	var in service.ResolveLienInput
	if err := bindJSON(c, &in); err != nil {
		return err
	}
	in.Actor = actor(c)
	l, err := h.liens.Resolve(c.Request().Context(), c.Param("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, l)
}

type voidRequest struct {
	Reason string `json:"reason"`
}

func (h *PayoutHandler) voidLienCheck(c echo.Context) error {
	var in voidRequest
	if err := bindJSON(c, &in); err != nil {
		return err
	}
	p, err := h.liens.VoidCheck(c.Request().Context(), c.Param("id"), in.Reason, actor(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, p)
}

func (h *PayoutHandler) attachBankAccount(c echo.Context) error {
	var in service.BankAccountInput
	if err := bindJSON(c, &in); err != nil {
		return err
	}
	cl, err := h.claimants.AttachBankAccount(c.Request().Context(), c.Param("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, cl)
}
