// Command claims-worker runs the Temporal worker for claim submission.
package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/brightsmile-dental/practiceops/internal/claims"
	"github.com/brightsmile-dental/practiceops/internal/config"
	"github.com/brightsmile-dental/practiceops/internal/platform/database"
	"github.com/brightsmile-dental/practiceops/internal/providers/clearinghouse"
	"github.com/brightsmile-dental/practiceops/internal/providers/sms"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	if err := run(log); err != nil {
		log.Error("claims worker exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	db, err := database.Open(cfg.DatabaseURL, cfg.DBMaxConns)
	if err != nil {
		return err
	}
	tc, err := client.Dial(client.Options{HostPort: cfg.TemporalHostPort, Namespace: cfg.TemporalNamespace})
	if err != nil {
		return fmt.Errorf("temporal: %w", err)
	}
	defer tc.Close()

	acts := claims.NewActivities(claims.ActivityDeps{
		DB:            db,
		Clearinghouse: clearinghouse.New(cfg.ClearinghouseURL, cfg.ClearinghouseToken),
		SMS:           sms.New(cfg.SMSURL, cfg.SMSAPIKey),
		SubmitterID:   cfg.ClearinghouseSubmitter,
		BillingNPI:    os.Getenv("GROUP_BILLING_NPI"),
		FetchDocument: imagingFetcher(cfg.ImagingURL),
	})

	w := worker.New(tc, claims.TaskQueue, worker.Options{MaxConcurrentActivityExecutionSize: 20})
	w.RegisterWorkflowWithOptions(claims.SubmitClaimWorkflow, workflow.RegisterOptions{Name: claims.WorkflowName})
	for _, r := range acts.Registrations() {
		w.RegisterActivityWithOptions(r.Fn, activity.RegisterOptions{Name: r.Name})
	}
	log.Info("claims worker starting", "task_queue", claims.TaskQueue)
	return w.Run(worker.InterruptCh())
}

// imagingFetcher reads documents from the internal imaging service.
func imagingFetcher(base string) claims.DocumentFetcher {
	hc := &http.Client{Timeout: 30 * time.Second}
	return func(ctx context.Context, ref string) ([]byte, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/documents/"+url.PathEscape(ref), nil)
		if err != nil {
			return nil, err
		}
		resp, err := hc.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return nil, fmt.Errorf("imaging %s: status %d", ref, resp.StatusCode)
		}
		return io.ReadAll(io.LimitReader(resp.Body, 25<<20))
	}
}
