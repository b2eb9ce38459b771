package httpapi

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/skyway-air/ancillaries/internal/app"
)

type redeemRequest struct {
	ScanID     string    `json:"scan_id"`
	LoungeCode string    `json:"lounge_code"`
	ScannedAt  time.Time `json:"scanned_at"`
}

type redeemResponse struct {
	Code      string `json:"code"`
	Remaining int    `json:"remaining"`
}

// redeemLoungePass handles POST /desk/v1/lounge-passes/:code/redeem, called
// by the scanners at lounge reception desks.
func (s *Server) redeemLoungePass(c echo.Context) error {
	req, err := bind[redeemRequest](c)
	if err != nil {
		return err
	}
	if req.ScannedAt.IsZero() {
		req.ScannedAt = time.Now().UTC()
	}
	ctx := c.Request().Context()
	cmd := app.RedeemLoungePass{
		Code:       c.Param("code"),
		ScanID:     req.ScanID,
		LoungeCode: req.LoungeCode,
		ScannedAt:  req.ScannedAt,
	}
	if err := s.cmds.RedeemLoungePass.Handle(ctx, cmd); err != nil {
		return err
	}
	pass, err := s.store.Lounge().GetPassByCode(ctx, cmd.Code)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, redeemResponse{Code: pass.Code, Remaining: pass.Remaining()})
}
