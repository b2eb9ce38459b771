// Package partner is our OCPI-style endpoint for roaming partners: the CPO
// interface (commands from eMSPs) and the eMSP interface (CDRs, tariffs and
// session updates from CPOs).
package partner

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/voltway/charging/internal/emsp"
	"github.com/voltway/charging/internal/platform/apigw"
	"github.com/voltway/charging/internal/platform/dbutil"
	"github.com/voltway/charging/internal/roaming"
	"github.com/voltway/charging/internal/tariff"
)

type partnerKey struct{}

// PartnerResolver authenticates the Token presented by a partner.
type PartnerResolver interface {
	ByInboundToken(ctx context.Context, q dbutil.Querier, token string) (roaming.Partner, error)
}

// RemoteStarter handles START_SESSION.
type RemoteStarter interface {
	Start(ctx context.Context, partnerID string, cmd roaming.StartSessionCommand) (roaming.CommandResponse, error)
}

// CDRInbox accepts partner CDRs.
type CDRInbox interface {
	Accept(ctx context.Context, partnerID string, c roaming.CDR, raw json.RawMessage) error
}

// TariffStore stores partner tariffs.
type TariffStore interface {
	UpsertPartnerTariff(ctx context.Context, q dbutil.Querier, t tariff.PartnerTariff) error
}

// SessionTracker stores partner session objects and patches.
type SessionTracker interface {
	Put(ctx context.Context, partnerID string, ps emsp.PartnerSession) error
	ApplyPatch(ctx context.Context, partnerID, sessionID string, p emsp.Patch) error
}

// Handlers holds the partner API dependencies.
type Handlers struct {
	DB       dbutil.Querier
	Partners PartnerResolver
	Starter  RemoteStarter
	CDRs     CDRInbox
	Tariffs  TariffStore
	Sessions SessionTracker
}

// Routes is the partner API route table.
func (h *Handlers) Routes() []apigw.Route {
	return []apigw.Route{
		{Method: http.MethodPost, Resource: "/ocpi/cpo/2.2/commands/START_SESSION", Handler: h.startSession},
		{Method: http.MethodPost, Resource: "/ocpi/emsp/2.2/cdrs", Handler: h.postCDR},
		{Method: http.MethodPut, Resource: "/ocpi/emsp/2.2/tariffs/{countryCode}/{partyId}/{tariffId}", Handler: h.putTariff},
		{Method: http.MethodPut, Resource: "/ocpi/emsp/2.2/sessions/{countryCode}/{partyId}/{sessionId}", Handler: h.putSession},
		{Method: http.MethodPatch, Resource: "/ocpi/emsp/2.2/sessions/{countryCode}/{partyId}/{sessionId}", Handler: h.patchSession},
	}
}

// Auth resolves the calling partner from "Authorization: Token ...".
func (h *Handlers) Auth(next apigw.HandlerFunc) apigw.HandlerFunc {
	return func(ctx context.Context, req apigw.Request) (apigw.Response, error) {
		tok := strings.TrimPrefix(apigw.Header(req, "Authorization"), "Token ")
		if tok == "" {
			return ocpi(http.StatusUnauthorized, 2001, "missing token", nil), nil
		}
		p, err := h.Partners.ByInboundToken(ctx, h.DB, tok)
		if errors.Is(err, dbutil.ErrNotFound) {
			return ocpi(http.StatusUnauthorized, 2001, "unknown token", nil), nil
		}
		if err != nil {
			return apigw.Response{}, err
		}
		return next(context.WithValue(ctx, partnerKey{}, p), req)
	}
}

func partnerFrom(ctx context.Context) roaming.Partner {
	p, _ := ctx.Value(partnerKey{}).(roaming.Partner)
	return p
}

func ocpi(httpStatus, code int, msg string, data any) apigw.Response {
	return apigw.JSON(httpStatus, roaming.Envelope[any]{
		Data: data, StatusCode: code, StatusMessage: msg, Timestamp: time.Now().UTC(),
	})
}

func ok(data any) apigw.Response { return ocpi(http.StatusOK, 1000, "", data) }

func decode[T any](req apigw.Request) (T, *apigw.Response) {
	var v T
	if err := json.Unmarshal([]byte(req.Body), &v); err != nil {
		r := ocpi(http.StatusBadRequest, 2001, "invalid body: "+err.Error(), nil)
		return v, &r
	}
	return v, nil
}

func (h *Handlers) startSession(ctx context.Context, req apigw.Request) (apigw.Response, error) {
	cmd, bad := decode[roaming.StartSessionCommand](req)
	if bad != nil {
		return *bad, nil
	}
	if cmd.LocationID == "" || cmd.Token.UID == "" {
		return ocpi(http.StatusBadRequest, 2001, "location_id and token are required", nil), nil
	}
	res, err := h.Starter.Start(ctx, partnerFrom(ctx).ID, cmd)
	if err != nil {
		return apigw.Response{}, err
	}
	return ok(res), nil
}

func (h *Handlers) postCDR(ctx context.Context, req apigw.Request) (apigw.Response, error) {
	c, bad := decode[roaming.CDR](req)
	if bad != nil {
		return *bad, nil
	}
	p := partnerFrom(ctx)
	if c.ID == "" || c.CountryCode != p.CountryCode || c.PartyID != p.PartyID {
		return ocpi(http.StatusBadRequest, 2001, "cdr id/party mismatch", nil), nil
	}
	if err := h.CDRs.Accept(ctx, p.ID, c, json.RawMessage(req.Body)); err != nil {
		return apigw.Response{}, err
	}
	return ok(nil), nil
}

func (h *Handlers) putTariff(ctx context.Context, req apigw.Request) (apigw.Response, error) {
	t, bad := decode[roaming.Tariff](req)
	if bad != nil {
		return *bad, nil
	}
	id := req.PathParameters["tariffId"]
	if id == "" || t.ID != id {
		return ocpi(http.StatusBadRequest, 2001, "tariff id mismatch", nil), nil
	}
	err := h.Tariffs.UpsertPartnerTariff(ctx, h.DB, tariff.PartnerTariff{
		PartnerID:   partnerFrom(ctx).ID,
		TariffID:    id,
		Currency:    t.Currency,
		Body:        json.RawMessage(req.Body),
		LastUpdated: t.LastUpdated,
	})
	if err != nil {
		return apigw.Response{}, err
	}
	return ok(nil), nil
}

func (h *Handlers) putSession(ctx context.Context, req apigw.Request) (apigw.Response, error) {
	ps, bad := decode[emsp.PartnerSession](req)
	if bad != nil {
		return *bad, nil
	}
	if ps.ID != req.PathParameters["sessionId"] {
		return ocpi(http.StatusBadRequest, 2001, "session id mismatch", nil), nil
	}
	if err := h.Sessions.Put(ctx, partnerFrom(ctx).ID, ps); err != nil {
		if errors.Is(err, dbutil.ErrNotFound) {
			return ocpi(http.StatusNotFound, 2004, "unknown token", nil), nil
		}
		return apigw.Response{}, err
	}
	return ok(nil), nil
}

func (h *Handlers) patchSession(ctx context.Context, req apigw.Request) (apigw.Response, error) {
	patch, bad := decode[emsp.Patch](req)
	if bad != nil {
		return *bad, nil
	}
	if patch.LastUpdated.IsZero() {
		return ocpi(http.StatusBadRequest, 2001, "last_updated is required", nil), nil
	}
	if err := h.Sessions.ApplyPatch(ctx, partnerFrom(ctx).ID, req.PathParameters["sessionId"], patch); err != nil {
		return apigw.Response{}, err
	}
	return ok(nil), nil
}
