package api

import (
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/vinoteca/wineclub/internal/commands"
	"github.com/vinoteca/wineclub/internal/platform/httpx"
)

func bindSignUp(r *http.Request, c *commands.SignUp) error {
	c.IdempotencyKey = httpx.IdempotencyKey(r)
	return nil
}

func bindVerifyAge(r *http.Request, c *commands.VerifyAge) error {
	c.MemberID = chi.URLParam(r, "memberID")
	return nil
}

func bindIssueCredit(r *http.Request, c *commands.IssueCredit) error {
	c.MemberID = chi.URLParam(r, "memberID")
	c.IssuedBy = httpx.Actor(r)
	return nil
}

func bindReferral(r *http.Request, c *commands.RewardReferral) error {
	c.ReferrerID = chi.URLParam(r, "memberID")
	return nil
}

func bindCancel(r *http.Request, c *commands.CancelMembership) error {
	c.MemberID = chi.URLParam(r, "memberID")
	c.Actor = httpx.Actor(r)
	return nil
}

func bindAddons(r *http.Request, c *commands.AddAddons) (err error) {
	c.AllocationID, err = uuidParam(r, "allocationID")
	return err
}

func bindApplyCredit(r *http.Request, c *commands.ApplyCredit) (err error) {
	c.AllocationID, err = uuidParam(r, "allocationID")
	return err
}

func bindSkip(r *http.Request, c *commands.SkipAllocation) (err error) {
	c.AllocationID, err = uuidParam(r, "allocationID")
	return err
}

func bindCharge(r *http.Request, c *commands.ChargeAllocation) (err error) {
	c.AllocationID, err = uuidParam(r, "allocationID")
	return err
}

func bindRefund(r *http.Request, c *commands.RefundCharge) error {
	c.ChargeID = chi.URLParam(r, "chargeID")
	c.RequestedBy = httpx.Actor(r)
	return nil
}

func bindLabel(r *http.Request, c *commands.PurchaseLabel) (err error) {
	c.ShipmentID, err = uuidParam(r, "shipmentID")
	return err
}

func bindReturnLabel(r *http.Request, c *commands.PurchaseReturnLabel) (err error) {
	c.ShipmentID, err = uuidParam(r, "shipmentID")
	return err
}

func bindRedeem(r *http.Request, c *commands.RedeemGift) error {
	c.Code = strings.ToUpper(chi.URLParam(r, "code"))
	return nil
}

func bindFiling(r *http.Request, c *commands.FileComplianceReport) error {
	c.Actor = httpx.Actor(r)
	return nil
}
