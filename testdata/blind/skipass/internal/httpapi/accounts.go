package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/summitline/skipass/internal/httpapi/middleware"
	"github.com/summitline/skipass/internal/service"
)

type profileRequest struct {
	DisplayName    string `json:"display_name"`
	Phone          string `json:"phone"`
	MarketingOptIn bool   `json:"marketing_opt_in"`
}

func (h *Handlers) updateProfile(c echo.Context) error {
	req, err := bind[profileRequest](c)
	if err != nil {
		return err
	}
	a, err := h.Accounts.UpdateProfile(c.Request().Context(), service.ProfileInput{
		AccountID:      middleware.AccountID(c),
		DisplayName:    req.DisplayName,
		Phone:          req.Phone,
		MarketingOptIn: req.MarketingOptIn,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"id":               a.ID,
		"display_name":     a.DisplayName,
		"phone":            a.Phone,
		"marketing_opt_in": a.MarketingOptIn,
		"points_balance":   a.PointsBalance,
	})
}

type redeemRequest struct {
	RewardCode string `json:"reward_code"`
}

// redeem exchanges loyalty points for a voucher at the resort's outlets.
func (h *Handlers) redeem(c echo.Context) error {
	req, err := bind[redeemRequest](c)
	if err != nil {
		return err
	}
	r, err := h.Loyalty.Redeem(c.Request().Context(), service.RedeemInput{
		AccountID:      middleware.AccountID(c),
		RewardCode:     req.RewardCode,
		IdempotencyKey: c.Request().Header.Get(middleware.HeaderIdempotencyKey),
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{
		"redemption_id": r.ID,
		"voucher_code":  r.VoucherCode,
		"points":        r.Points,
	})
}
