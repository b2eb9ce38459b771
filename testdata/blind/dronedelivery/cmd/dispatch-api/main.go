// Command dispatch-api serves the merchant, drone and depot gRPC API and the
// internal admin HTTP API.
package main

import (
	"context"
	"crypto/subtle"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/skyhop-logistics/dronedelivery/internal/adminhttp"
	"github.com/skyhop-logistics/dronedelivery/internal/app"
	"github.com/skyhop-logistics/dronedelivery/internal/config"
	"github.com/skyhop-logistics/dronedelivery/internal/metrics"
	"github.com/skyhop-logistics/dronedelivery/internal/rpc"
	"github.com/skyhop-logistics/dronedelivery/internal/rpc/dronepb"
	"github.com/skyhop-logistics/dronedelivery/internal/rpc/server"
	"github.com/skyhop-logistics/dronedelivery/internal/service/billing"
	"github.com/skyhop-logistics/dronedelivery/internal/service/orders"
	"github.com/skyhop-logistics/dronedelivery/internal/store"
	"go.uber.org/fx"
	"google.golang.org/grpc"
)

func main() {
	fx.New(
		app.Core,
		app.Providers,
		app.Services,
		app.CommandsModule,
		fx.Provide(newGRPCServer, newAdminAPI),
		fx.Invoke(serveGRPC, serveAdmin),
	).Run()
}

// Which caller roles may use which service.
var serviceRoles = map[string][]server.Role{
	"skyhop.dispatch.v1.DeliveryService": {server.RoleMerchant, server.RoleDrone},
	"skyhop.dispatch.v1.FlightService":   {server.RoleDispatch},
	"skyhop.dispatch.v1.DepotService":    {server.RoleDepot, server.RoleDispatch},
	"skyhop.dispatch.v1.BillingService":  {server.RoleMerchant},
}

func newGRPCServer(cfg *config.Config, log *slog.Logger, m metrics.Recorder, cmds *app.Commands, ordersSvc *orders.Service) *grpc.Server {
	srv := grpc.NewServer(
		grpc.ForceServerCodec(rpc.JSONCodec{}),
		grpc.ChainUnaryInterceptor(
			server.RecoveryInterceptor(log),
			server.AccessLogInterceptor(log, m),
			server.AuthInterceptor(staticTokens(cfg.APITokens), serviceRoles),
		),
		grpc.ConnectionTimeout(10*time.Second),
	)
	dronepb.RegisterDeliveryServiceServer(srv, &server.DeliveryServer{
		CreateOrderHandler: cmds.CreateOrder,
		UpgradeHandler:     cmds.UpgradeExpress,
		SubmitPODHandler:   cmds.SubmitPOD,
		LoadOrder:          ordersSvc.Get,
	})
	dronepb.RegisterFlightServiceServer(srv, &server.FlightServer{
		FileHandler:   cmds.FilePlan,
		CancelHandler: cmds.CancelPlan,
	})
	dronepb.RegisterDepotServiceServer(srv, &server.DepotServer{
		SwapHandler:  cmds.RecordSwap,
		SlotsHandler: cmds.ReportSlots,
	})
	dronepb.RegisterBillingServiceServer(srv, &server.BillingServer{
		RefundHandler: cmds.GoodwillRefund,
	})
	return srv
}

func newAdminAPI(log *slog.Logger, cmds *app.Commands, st store.Store, bs *billing.Service, pool *pgxpool.Pool) *adminhttp.API {
	return adminhttp.New(adminhttp.Deps{
		IssueCredit: cmds.IssueCredit,
		RunBilling:  cmds.RunBilling,
		Refunds:     bs,
		Idempotency: st.IdempotencyKeys(),
		Ping:        pool.Ping,
	}, adminhttp.WithLogger(log.With("component", "admin")), adminhttp.WithRequestTimeout(5*time.Minute))
}

func serveGRPC(lc fx.Lifecycle, sd fx.Shutdowner, cfg *config.Config, log *slog.Logger, srv *grpc.Server) {
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			lis, err := net.Listen("tcp", cfg.GRPCAddr)
			if err != nil {
				return err
			}
			go func() {
				log.Info("grpc listening", "addr", cfg.GRPCAddr)
				if err := srv.Serve(lis); err != nil {
					log.Error("grpc server stopped", "err", err)
					_ = sd.Shutdown(fx.ExitCode(1))
				}
			}()
			return nil
		},
		OnStop: func(ctx context.Context) error {
			stopped := make(chan struct{})
			go func() {
				srv.GracefulStop()
				close(stopped)
			}()
			select {
			case <-stopped:
			case <-ctx.Done():
				srv.Stop()
			}
			return nil
		},
	})
}

func serveAdmin(lc fx.Lifecycle, sd fx.Shutdowner, cfg *config.Config, log *slog.Logger, api *adminhttp.API) {
	hs := &http.Server{Addr: cfg.AdminAddr, Handler: api, ReadHeaderTimeout: 5 * time.Second}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			lis, err := net.Listen("tcp", cfg.AdminAddr)
			if err != nil {
				return err
			}
			go func() {
				log.Info("admin listening", "addr", cfg.AdminAddr)
				if err := hs.Serve(lis); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("admin server stopped", "err", err)
					_ = sd.Shutdown(fx.ExitCode(1))
				}
			}()
			return nil
		},
		OnStop: hs.Shutdown,
	})
}

var errUnknownToken = errors.New("unknown token")

// staticTokens verifies bearer tokens against the API_TOKENS grant table.
func staticTokens(grants map[string]config.TokenGrant) server.TokenVerifier {
	type entry struct {
		token []byte
		p     server.Principal
	}
	entries := make([]entry, 0, len(grants))
	for tok, g := range grants {
		p := server.Principal{Role: server.Role(g.Role), Name: g.Name}
		if g.MerchantID != "" {
			id, err := uuid.Parse(g.MerchantID)
			if err != nil {
				continue
			}
			p.MerchantID = id
		}
		entries = append(entries, entry{token: []byte(tok), p: p})
	}
	return func(_ context.Context, token string) (server.Principal, error) {
		for _, e := range entries {
			if subtle.ConstantTimeCompare(e.token, []byte(token)) == 1 {
				return e.p, nil
			}
		}
		return server.Principal{}, errUnknownToken
	}
}
