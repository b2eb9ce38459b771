package httpapi

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/skyway-air/ancillaries/internal/app"
)

type goodwillRequest struct {
	PNR           string `json:"pnr"`
	LoyaltyNumber string `json:"loyalty_number"`
	Miles         int    `json:"miles"`
	Reason        string `json:"reason"`
	AgentID       string `json:"agent_id"`
}

// grantGoodwillMiles handles POST /internal/v1/goodwill-miles from the
// customer-care console.
func (s *Server) grantGoodwillMiles(c echo.Context) error {
	req, err := bind[goodwillRequest](c)
	if err != nil {
		return err
	}
	cmd := app.GrantGoodwillMiles{
		PNR:           strings.ToUpper(req.PNR),
		LoyaltyNumber: req.LoyaltyNumber,
		Miles:         req.Miles,
		Reason:        req.Reason,
		AgentID:       req.AgentID,
	}
	if err := s.cmds.GrantGoodwillMiles.Handle(c.Request().Context(), cmd); err != nil {
		return err
	}
	return c.NoContent(http.StatusAccepted)
}

type reissueRequest struct {
	ExpectedRevision int    `json:"expected_revision"`
	Reason           string `json:"reason"`
	AgentID          string `json:"agent_id"`
}

// reissueEMD handles POST /internal/v1/items/:itemID/emd/reissue.
func (s *Server) reissueEMD(c echo.Context) error {
	req, err := bind[reissueRequest](c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	cmd := app.ReissueEMD{
		ItemID:           c.Param("itemID"),
		ExpectedRevision: req.ExpectedRevision,
		Reason:           req.Reason,
		AgentID:          req.AgentID,
	}
	if err := s.cmds.ReissueEMD.Handle(ctx, cmd); err != nil {
		return err
	}
	item, err := s.store.Items().Get(ctx, cmd.ItemID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"item_id":    item.ID,
		"emd_number": item.EMDNumber.String,
		"revision":   cmd.ExpectedRevision + 1,
	})
}
