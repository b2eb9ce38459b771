package api

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/quadhall/housing/internal/commandbus"
	"github.com/quadhall/housing/internal/housing"
	"github.com/quadhall/housing/internal/maintenance"
	"github.com/quadhall/housing/internal/mealplan"
	"github.com/quadhall/housing/internal/moveout"
	"github.com/quadhall/housing/internal/refunds"
)

type submitApplicationBody struct {
	StudentID   string          `json:"student_id"`
	TermCode    string          `json:"term_code"`
	Preferences json.RawMessage `json:"preferences"`
}

func (s *Server) submitApplication(c echo.Context) error {
	var b submitApplicationBody
	if err := c.Bind(&b); err != nil {
		return err
	}
	res, err := commandbus.Dispatch(c.Request().Context(), s.bus, housing.SubmitApplication{
		StudentID:   b.StudentID,
		TermCode:    b.TermCode,
		Preferences: b.Preferences,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, res)
}

type assignRoomBody struct {
	BedID      string `json:"bed_id"`
	MoveIn     string `json:"move_in"`
	TermEndsOn string `json:"term_ends_on"`
}

func (s *Server) assignRoom(c echo.Context) error {
	var b assignRoomBody
	if err := c.Bind(&b); err != nil {
		return err
	}
	moveIn, err := time.Parse(time.DateOnly, b.MoveIn)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "move_in must be YYYY-MM-DD")
	}
	termEnds, err := time.Parse(time.DateOnly, b.TermEndsOn)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "term_ends_on must be YYYY-MM-DD")
	}
	res, err := commandbus.Dispatch(c.Request().Context(), s.bus, housing.AssignRoom{
		ApplicationID: c.Param("id"),
		BedID:         b.BedID,
		MoveIn:        moveIn,
		TermEndsOn:    termEnds,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

type topUpBody struct {
	AmountCents int64 `json:"amount_cents"`
}

func (s *Server) topUpMealPlan(c echo.Context) error {
	var b topUpBody
	if err := c.Bind(&b); err != nil {
		return err
	}
	res, err := commandbus.Dispatch(c.Request().Context(), s.bus, mealplan.TopUp{
		StudentID:   c.Param("id"),
		AmountCents: b.AmountCents,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, res)
}

type maintenanceBody struct {
	StudentID   string `json:"student_id"`
	RoomID      string `json:"room_id"`
	Category    string `json:"category"`
	Priority    string `json:"priority"`
	Description string `json:"description"`
}

func (s *Server) createMaintenanceRequest(c echo.Context) error {
	var b maintenanceBody
	if err := c.Bind(&b); err != nil {
		return err
	}
	if b.Priority == "" {
		b.Priority = "routine"
	}
	res, err := commandbus.Dispatch(c.Request().Context(), s.bus, maintenance.CreateRequest(b))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, res)
}

type inspectionBody struct {
	Inspector string `json:"inspector"`
	Notes     string `json:"notes"`
	Items     []struct {
		Code        string `json:"code"`
		Description string `json:"description"`
		AmountCents int64  `json:"amount_cents"`
	} `json:"items"`
}

func (s *Server) recordInspection(c echo.Context) error {
	var b inspectionBody
	if err := c.Bind(&b); err != nil {
		return err
	}
	cmd := moveout.RecordInspection{
		AssignmentID: c.Param("id"),
		Inspector:    b.Inspector,
		Notes:        b.Notes,
	}
	for _, it := range b.Items {
		cmd.Items = append(cmd.Items, moveout.DamageItem{Code: it.Code, Description: it.Description, AmountCents: it.AmountCents})
	}
	res, err := commandbus.Dispatch(c.Request().Context(), s.bus, cmd)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

func (s *Server) requestRefund(c echo.Context) error {
	res, err := commandbus.Dispatch(c.Request().Context(), s.bus, refunds.RequestRefund{AssignmentID: c.Param("id")})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, res)
}
