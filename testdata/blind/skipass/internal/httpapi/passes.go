package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/summitline/skipass/internal/httpapi/middleware"
	"github.com/summitline/skipass/internal/service"
)

type seasonPassRequest struct {
	ProductID   string `json:"product_id"`
	HolderName  string `json:"holder_name"`
	Instalments int    `json:"instalments"`
}

func (h *Handlers) purchaseSeasonPass(c echo.Context) error {
	req, err := bind[seasonPassRequest](c)
	if err != nil {
		return err
	}
	res, err := h.Season.Purchase(c.Request().Context(), service.SeasonPurchaseInput{
		AccountID:   middleware.AccountID(c),
		ProductID:   req.ProductID,
		HolderName:  req.HolderName,
		Instalments: req.Instalments,
	})
	if err != nil {
		return err
	}
	schedule := make([]map[string]any, 0, len(res.Schedule))
	for _, i := range res.Schedule {
		schedule = append(schedule, map[string]any{
			"seq":          i.Seq,
			"due_date":     i.DueDate.Format("2006-01-02"),
			"amount_cents": i.AmountCents,
		})
	}
	return c.JSON(http.StatusCreated, map[string]any{
		"contract_id": res.ContractID,
		"pass_id":     res.PassID,
		"schedule":    schedule,
	})
}

type claimRequest struct {
	ClosureID int64  `json:"closure_id"`
	Reason    string `json:"reason"`
}

func (h *Handlers) submitClaim(c echo.Context) error {
	req, err := bind[claimRequest](c)
	if err != nil {
		return err
	}
	claim, err := h.Claims.Submit(c.Request().Context(), service.SubmitClaimInput{
		AccountID: middleware.AccountID(c),
		PassID:    c.Param("id"),
		ClosureID: req.ClosureID,
		Reason:    req.Reason,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, map[string]any{
		"claim_id":     claim.ID,
		"amount_cents": claim.AmountCents,
		"status":       claim.Status,
	})
}

type replacementRequest struct {
	Reason string `json:"reason"`
}

func (h *Handlers) replaceCard(c echo.Context) error {
	req, err := bind[replacementRequest](c)
	if err != nil {
		return err
	}
	r, err := h.Cards.ReplaceCard(c.Request().Context(), middleware.AccountID(c), c.Param("id"), req.Reason)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, map[string]any{
		"replacement_id": r.ID,
		"status":         r.Status,
		"fee_cents":      r.FeeCents,
	})
}
