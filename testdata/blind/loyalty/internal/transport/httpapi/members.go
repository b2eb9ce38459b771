package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tidewater/loyalty/internal/db"
	"github.com/tidewater/loyalty/internal/service/members"
)

type MemberHandler struct {
	svc MemberService
}

func NewMemberHandler(svc MemberService) *MemberHandler {
	return &MemberHandler{svc: svc}
}

type enrollRequest struct {
	ExternalRef  string `json:"external_ref"`
	Email        string `json:"email"`
	DisplayName  string `json:"display_name"`
	ReferralCode string `json:"referral_code"`
}

type memberResponse struct {
	ID             string `json:"id"`
	ExternalRef    string `json:"external_ref"`
	Tier           string `json:"tier"`
	ReferralCode   string `json:"referral_code"`
	PointsBalance  int64  `json:"points_balance"`
	LifetimePoints int64  `json:"lifetime_points"`
}

func toMemberResponse(m db.Member) memberResponse {
	return memberResponse{
		ID:             m.ID.String(),
		ExternalRef:    m.ExternalRef,
		Tier:           m.Tier,
		ReferralCode:   m.ReferralCode,
		PointsBalance:  m.PointsBalance,
		LifetimePoints: m.LifetimePoints,
	}
}

// Enroll handles POST /v1/members.
func (h *MemberHandler) Enroll(c echo.Context) error {
	req, err := bind[enrollRequest](c)
	if err != nil {
		return err
	}
	res, err := h.svc.Enroll(c.Request().Context(), members.EnrollInput{
		ExternalRef:  req.ExternalRef,
		Email:        req.Email,
		DisplayName:  req.DisplayName,
		ReferralCode: req.ReferralCode,
	})
	if err != nil {
		return err
	}
	status := http.StatusOK
	if res.Created {
		status = http.StatusCreated
	}
	return c.JSON(status, toMemberResponse(res.Member))
}

// Get handles GET /v1/members/:memberID.
func (h *MemberHandler) Get(c echo.Context) error {
	id, err := memberIDParam(c)
	if err != nil {
		return err
	}
	m, err := h.svc.Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toMemberResponse(m))
}
