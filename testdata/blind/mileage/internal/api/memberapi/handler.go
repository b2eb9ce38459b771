// Package memberapi is the member-facing HTTP API behind API Gateway.
package memberapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/aws/aws-lambda-go/events"

	"github.com/northwind-air/mileage/internal/domain"
	"github.com/northwind-air/mileage/internal/platform/apigw"
	"github.com/northwind-air/mileage/internal/platform/lambdamw"
	"github.com/northwind-air/mileage/internal/service/member"
	"github.com/northwind-air/mileage/internal/service/purchase"
	"github.com/northwind-air/mileage/internal/service/redemption"
	"github.com/northwind-air/mileage/internal/service/rewards"
	"github.com/northwind-air/mileage/internal/service/transfer"
)

// API holds the services behind the member routes.
type API struct {
	members     *member.Service
	redemptions *redemption.Service
	transfers   *transfer.Service
	purchases   *purchase.Service
	vouchers    *rewards.VoucherService
	gifts       *rewards.GiftService
	claims      *rewards.ClaimService
	log         *slog.Logger
}

// New returns an API.
func New(members *member.Service, redemptions *redemption.Service, transfers *transfer.Service,
	purchases *purchase.Service, vouchers *rewards.VoucherService, gifts *rewards.GiftService,
	claims *rewards.ClaimService, log *slog.Logger) *API {
	return &API{
		members: members, redemptions: redemptions, transfers: transfers, purchases: purchases,
		vouchers: vouchers, gifts: gifts, claims: claims, log: log,
	}
}

type mw = lambdamw.Middleware[events.APIGatewayProxyRequest, events.APIGatewayProxyResponse]

// Router builds the route table.
func (a *API) Router() *apigw.Router {
	r := apigw.NewRouter(a.log)
	keyed := []mw{lambdamw.IdempotencyKey(true)}
	optionalKey := []mw{lambdamw.IdempotencyKey(false)}

	r.Handle(http.MethodPost, "/members", a.enroll)
	r.Handle(http.MethodGet, "/members/{memberId}", a.self(a.account))
	r.Handle(http.MethodPut, "/members/{memberId}/phone", a.self(a.updatePhone))
	r.Handle(http.MethodPost, "/members/{memberId}/redemptions", a.self(a.requestAward), keyed...)
	r.Handle(http.MethodPost, "/members/{memberId}/upgrades", a.self(a.requestUpgrade), keyed...)
	r.Handle(http.MethodDelete, "/members/{memberId}/redemptions/{redemptionId}", a.self(a.cancelRedemption))
	r.Handle(http.MethodPost, "/members/{memberId}/transfers", a.self(a.requestTransfer), keyed...)
	r.Handle(http.MethodPost, "/members/{memberId}/purchases", a.self(a.buyMiles), keyed...)
	r.Handle(http.MethodPost, "/members/{memberId}/purchases/{purchaseId}/refunds", a.self(a.refundPurchase), optionalKey...)
	r.Handle(http.MethodPost, "/members/{memberId}/vouchers", a.self(a.issueVoucher), optionalKey...)
	r.Handle(http.MethodPost, "/members/{memberId}/gifts", a.self(a.sendGift), keyed...)
	r.Handle(http.MethodPost, "/members/{memberId}/claims", a.self(a.submitClaim))
	return r
}

// self rejects requests for another member than the authenticated one. The
// Cognito authorizer puts the member id in the "memberId" claim.
func (a *API) self(h apigw.HandlerFunc) apigw.HandlerFunc {
	return func(ctx context.Context, req apigw.Request) (events.APIGatewayProxyResponse, error) {
		claims, _ := req.RequestContext.Authorizer["claims"].(map[string]any)
		if sub, _ := claims["memberId"].(string); sub == "" || sub != req.Param("memberId") {
			return apigw.JSON(http.StatusForbidden, map[string]string{"error": "forbidden"}), nil
		}
		return h(ctx, req)
	}
}

func (a *API) enroll(ctx context.Context, req apigw.Request) (events.APIGatewayProxyResponse, error) {
	in, err := apigw.Decode[member.EnrollRequest](req)
	if err != nil {
		return events.APIGatewayProxyResponse{}, err
	}
	m, created, err := a.members.Enroll(ctx, in)
	if err != nil {
		return events.APIGatewayProxyResponse{}, err
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	return apigw.JSON(status, memberView(m)), nil
}

func (a *API) account(ctx context.Context, req apigw.Request) (events.APIGatewayProxyResponse, error) {
	acc, err := a.members.Account(ctx, req.Param("memberId"))
	if err != nil {
		return events.APIGatewayProxyResponse{}, err
	}
	entries := make([]map[string]any, 0, len(acc.Recent))
	for _, e := range acc.Recent {
		entries = append(entries, map[string]any{
			"kind": e.Kind, "miles": e.Miles, "source": e.Source, "memo": e.Memo, "at": e.CreatedAt,
		})
	}
	return apigw.JSON(http.StatusOK, map[string]any{
		"member":   memberView(acc.Member),
		"recent":   entries,
		"nextTier": acc.NextTier,
	}), nil
}

func (a *API) updatePhone(ctx context.Context, req apigw.Request) (events.APIGatewayProxyResponse, error) {
	in, err := apigw.Decode[member.PhoneRequest](req)
	if err != nil {
		return events.APIGatewayProxyResponse{}, err
	}
	if err := a.members.UpdatePhone(ctx, req.Param("memberId"), in); err != nil {
		return events.APIGatewayProxyResponse{}, err
	}
	return apigw.JSON(http.StatusOK, map[string]any{"phone": in.Phone, "smsOptIn": in.SMSOptIn}), nil
}

func (a *API) requestAward(ctx context.Context, req apigw.Request) (events.APIGatewayProxyResponse, error) {
	in, err := apigw.Decode[redemption.AwardRequest](req)
	if err != nil {
		return events.APIGatewayProxyResponse{}, err
	}
	r, err := a.redemptions.RequestAward(ctx, req.Param("memberId"), in)
	if err != nil {
		return events.APIGatewayProxyResponse{}, err
	}
	return apigw.JSON(http.StatusAccepted, redemptionView(r)), nil
}

func (a *API) requestUpgrade(ctx context.Context, req apigw.Request) (events.APIGatewayProxyResponse, error) {
	in, err := apigw.Decode[redemption.UpgradeRequest](req)
	if err != nil {
		return events.APIGatewayProxyResponse{}, err
	}
	r, err := a.redemptions.RequestUpgrade(ctx, req.Param("memberId"), in)
	if err != nil {
		return events.APIGatewayProxyResponse{}, err
	}
	return apigw.JSON(http.StatusAccepted, redemptionView(r)), nil
}

func (a *API) cancelRedemption(ctx context.Context, req apigw.Request) (events.APIGatewayProxyResponse, error) {
	r, err := a.redemptions.Cancel(ctx, req.Param("memberId"), req.Param("redemptionId"))
	if err != nil {
		return events.APIGatewayProxyResponse{}, err
	}
	return apigw.JSON(http.StatusOK, redemptionView(r)), nil
}

func (a *API) requestTransfer(ctx context.Context, req apigw.Request) (events.APIGatewayProxyResponse, error) {
	in, err := apigw.Decode[transfer.Request](req)
	if err != nil {
		return events.APIGatewayProxyResponse{}, err
	}
	t, err := a.transfers.Request(ctx, req.Param("memberId"), in)
	if err != nil {
		return events.APIGatewayProxyResponse{}, err
	}
	return apigw.JSON(http.StatusAccepted, map[string]any{
		"id": t.ID, "partnerCode": t.PartnerCode, "miles": t.Miles,
		"partnerPoints": t.PartnerPoints, "status": t.Status,
	}), nil
}

func (a *API) buyMiles(ctx context.Context, req apigw.Request) (events.APIGatewayProxyResponse, error) {
	in, err := apigw.Decode[purchase.BuyRequest](req)
	if err != nil {
		return events.APIGatewayProxyResponse{}, err
	}
	p, err := a.purchases.Buy(ctx, req.Param("memberId"), in)
	if err != nil {
		return events.APIGatewayProxyResponse{}, err
	}
	return apigw.JSON(http.StatusCreated, purchaseView(p)), nil
}

func (a *API) refundPurchase(ctx context.Context, req apigw.Request) (events.APIGatewayProxyResponse, error) {
	in, err := apigw.Decode[purchase.RefundRequest](req)
	if err != nil {
		return events.APIGatewayProxyResponse{}, err
	}
	p, err := a.purchases.Refund(ctx, req.Param("memberId"), req.Param("purchaseId"), in)
	if err != nil {
		return events.APIGatewayProxyResponse{}, err
	}
	return apigw.JSON(http.StatusOK, purchaseView(p)), nil
}

func (a *API) issueVoucher(ctx context.Context, req apigw.Request) (events.APIGatewayProxyResponse, error) {
	in, err := apigw.Decode[rewards.VoucherRequest](req)
	if err != nil {
		return events.APIGatewayProxyResponse{}, err
	}
	status, body, err := a.vouchers.Issue(ctx, req.Param("memberId"), in)
	if err != nil {
		return events.APIGatewayProxyResponse{}, err
	}
	return apigw.Raw(status, body), nil
}

func (a *API) sendGift(ctx context.Context, req apigw.Request) (events.APIGatewayProxyResponse, error) {
	in, err := apigw.Decode[rewards.GiftRequest](req)
	if err != nil {
		return events.APIGatewayProxyResponse{}, err
	}
	status, body, err := a.gifts.Send(ctx, req.Param("memberId"), in)
	if err != nil {
		return events.APIGatewayProxyResponse{}, err
	}
	return apigw.Raw(status, body), nil
}

func (a *API) submitClaim(ctx context.Context, req apigw.Request) (events.APIGatewayProxyResponse, error) {
	in, err := apigw.Decode[rewards.ClaimRequest](req)
	if err != nil {
		return events.APIGatewayProxyResponse{}, err
	}
	c, err := a.claims.Submit(ctx, req.Param("memberId"), in)
	if err != nil {
		return events.APIGatewayProxyResponse{}, err
	}
	return apigw.JSON(http.StatusCreated, map[string]any{
		"id": c.ID, "ticketNumber": c.TicketNumber, "status": c.Status,
	}), nil
}

func memberView(m domain.Member) map[string]any {
	return map[string]any{
		"id": m.ID, "memberNumber": m.Number, "email": m.Email, "firstName": m.FirstName,
		"lastName": m.LastName, "tier": m.Tier, "balance": m.Balance, "tierMiles": m.TierMiles,
	}
}

func redemptionView(r domain.Redemption) map[string]any {
	return map[string]any{
		"id": r.ID, "kind": r.Kind, "offerCode": r.OfferCode, "miles": r.Miles,
		"status": r.Status, "pnr": r.PNR,
	}
}

func purchaseView(p domain.Purchase) map[string]any {
	return map[string]any{
		"id": p.ID, "miles": p.Miles, "amountCents": p.AmountCents, "currency": p.Currency,
		"status": p.Status, "refundedMiles": p.RefundedMiles,
	}
}
