package provisioning

import (
	"context"
	"errors"
	"fmt"
	"net"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"
	"gorm.io/gorm"

	"github.com/nimbusrack/hosting/internal/billing"
	"github.com/nimbusrack/hosting/internal/catalog"
	"github.com/nimbusrack/hosting/internal/customers"
	"github.com/nimbusrack/hosting/internal/events"
	"github.com/nimbusrack/hosting/internal/notify"
	"github.com/nimbusrack/hosting/internal/orders"
	"github.com/nimbusrack/hosting/internal/platform/messaging"
	"github.com/nimbusrack/hosting/internal/providers/datacenter"
	"github.com/nimbusrack/hosting/internal/providers/payments"
	"github.com/nimbusrack/hosting/internal/servers"
	"github.com/nimbusrack/hosting/internal/volumes"
)

// Datacenter is the part of the partner API used by the workflows.
type Datacenter interface {
	CreateServer(ctx context.Context, req datacenter.CreateServerRequest, opts ...datacenter.CallOption) (*datacenter.Server, error)
	GetServer(ctx context.Context, id string) (*datacenter.Server, error)
	DeleteServer(ctx context.Context, id string) error
	CreateVolume(ctx context.Context, req datacenter.CreateVolumeRequest, opts ...datacenter.CallOption) (*datacenter.Volume, error)
}

// Publisher publishes domain events.
type Publisher interface {
	Publish(ctx context.Context, topic string, payload any, opts ...messaging.PublishOption) error
}

// Activities holds the dependencies of every provisioning activity.
type Activities struct {
	DB            *gorm.DB
	DC            Datacenter
	Catalog       *catalog.Catalog
	Orders        *orders.Repository
	Servers       *servers.Repository
	Volumes       *volumes.Repository
	Customers     *customers.Repository
	Subscriptions *billing.SubscriptionService
	Payments      *billing.PaymentRepository
	Refunder      billing.Refunder
	Notifier      *notify.Notifier
	Events        Publisher
}

// CreateServer orders the machine at the datacenter.
func (a *Activities) CreateServer(ctx context.Context, in ProvisionInput) error {
	srv, err := a.Servers.Get(ctx, in.ServerID)
	if err != nil {
		return err
	}
	if srv.ExternalID != nil {
		return nil
	}
	plan, err := a.Catalog.Get(ctx, srv.PlanID)
	if err != nil {
		return temporal.NewNonRetryableApplicationError("plan retired", "InvalidPlan", err)
	}

	ext, err := a.DC.CreateServer(ctx, datacenter.CreateServerRequest{
		Hostname: srv.Hostname,
		Region:   srv.Region,
		Flavor:   plan.Flavor(),
		Image:    srv.Image,
		Labels:   map[string]string{"server_id": srv.ID.String(), "customer_id": srv.CustomerID.String()},
	}, datacenter.WithIdempotencyKey("srv-"+in.OrderID.String()))
	if err != nil {
		return fmt.Errorf("datacenter create server: %w", err)
	}
	if err := a.Servers.SetExternalID(ctx, srv.ID, ext.ID); err != nil {
		return err
	}
	return a.Orders.SetStatus(ctx, in.OrderID, orders.StatusProvisioning)
}

// FailOrder marks an order that could not be provisioned.
func (a *Activities) FailOrder(ctx context.Context, in ProvisionInput) error {
	if err := a.Servers.SetStatus(ctx, in.ServerID, servers.StatusFailed); err != nil {
		return err
	}
	return a.Orders.SetStatus(ctx, in.OrderID, orders.StatusFailed)
}

// CreateBootVolume allocates the server's boot disk.
func (a *Activities) CreateBootVolume(ctx context.Context, in ProvisionInput) error {
	info := activity.GetInfo(ctx)
	srv, err := a.Servers.Get(ctx, in.ServerID)
	if err != nil {
		return err
	}
	if srv.ExternalID == nil {
		return errors.New("server has no datacenter id yet")
	}
	plan, err := a.Catalog.Get(ctx, srv.PlanID)
	if err != nil {
		return err
	}

	ext, err := a.DC.CreateVolume(ctx, datacenter.CreateVolumeRequest{
		Region:   srv.Region,
		SizeGB:   plan.DiskGB,
		Image:    srv.Image,
		ServerID: *srv.ExternalID,
		Labels:   map[string]string{"server_id": srv.ID.String(), "role": "boot"},
	}, datacenter.WithIdempotencyKey(info.WorkflowExecution.ID+"/boot-volume"))
	if err != nil {
		return fmt.Errorf("datacenter create volume: %w", err)
	}

	_, err = a.Volumes.UpsertByExternalID(ctx, &volumes.Volume{
		CustomerID: srv.CustomerID,
		ServerID:   &srv.ID,
		Region:     srv.Region,
		SizeGB:     plan.DiskGB,
		IsBoot:     true,
		ExternalID: &ext.ID,
		Status:     volumes.StatusAttached,
	})
	return err
}

// AwaitServerRunning polls the datacenter until the machine is running.
func (a *Activities) AwaitServerRunning(ctx context.Context, in ProvisionInput) (Addresses, error) {
	srv, err := a.Servers.Get(ctx, in.ServerID)
	if err != nil {
		return Addresses{}, err
	}
	ticker := time.NewTicker(5 * time.Second)
	defer ticker.Stop()
	for {
		ds, err := a.DC.GetServer(ctx, *srv.ExternalID)
		if err != nil {
			return Addresses{}, err
		}
		activity.RecordHeartbeat(ctx, ds.Status)
		switch ds.Status {
		case "running":
			return Addresses{IPv4: ds.IPv4, IPv6: ds.IPv6}, nil
		case "error":
			return Addresses{}, temporal.NewNonRetryableApplicationError("server failed to boot", "BootFailed", nil)
		}
		select {
		case <-ctx.Done():
			return Addresses{}, ctx.Err()
		case <-ticker.C:
		}
	}
}

// RecordServerAddresses stores the IPs assigned to the server.
func (a *Activities) RecordServerAddresses(ctx context.Context, in ProvisionInput, addrs Addresses) error {
	var ips []servers.IP
	for i, addr := range addrs.IPv4 {
		if net.ParseIP(addr) == nil {
			continue
		}
		ips = append(ips, servers.IP{ServerID: in.ServerID, Address: addr, Family: 4, IsPrimary: i == 0})
	}
	for _, addr := range addrs.IPv6 {
		ips = append(ips, servers.IP{ServerID: in.ServerID, Address: addr, Family: 6})
	}
	return a.Servers.AddIPs(ctx, ips)
}

// ActivateServer marks the server active and tells the customer.
func (a *Activities) ActivateServer(ctx context.Context, in ProvisionInput) error {
	if _, err := a.Servers.Transition(ctx, in.ServerID, servers.StatusActive, servers.StatusPending, servers.StatusProvisioning); err != nil {
		return err
	}
	srv, err := a.Servers.Get(ctx, in.ServerID)
	if err != nil {
		return err
	}
	if srv.Status != servers.StatusActive {
		return temporal.NewNonRetryableApplicationError("server is "+srv.Status, "UnexpectedStatus", nil)
	}
	if err := a.Orders.SetStatus(ctx, in.OrderID, orders.StatusFulfilled); err != nil {
		return err
	}
	plan, err := a.Catalog.Get(ctx, srv.PlanID)
	if err != nil {
		return err
	}
	ips, err := a.Servers.IPs(ctx, srv.ID)
	if err != nil {
		return err
	}
	primary := ""
	if len(ips) > 0 {
		primary = ips[0].Address
	}

	err = a.Events.Publish(ctx, events.TopicServerProvisioned, events.ServerProvisioned{
		ServerID:     srv.ID,
		OrderID:      srv.OrderID,
		CustomerID:   srv.CustomerID,
		PlanID:       plan.ID,
		MonthlyCents: plan.MonthlyCents,
		Hostname:     srv.Hostname,
		PrimaryIPv4:  primary,
		ActivatedAt:  *srv.ActivatedAt,
	}, messaging.WithMessageID("server-provisioned-"+srv.ID.String()), messaging.WithPartitionKey(srv.ID.String()))
	if err != nil {
		return err
	}

	cust, err := a.Customers.Get(ctx, srv.CustomerID)
	if err != nil {
		return err
	}
	return a.Notifier.Send(ctx, notify.Email{
		MessageID:  "server-ready-" + srv.ID.String(),
		CustomerID: cust.ID,
		To:         cust.Email,
		Template:   notify.TemplateServerReady,
		Data:       map[string]string{"Hostname": srv.Hostname, "IPv4": primary},
	})
}

// DestroyServer deletes the machine at the datacenter.
func (a *Activities) DestroyServer(ctx context.Context, in CancelInput) error {
	srv, err := a.Servers.Get(ctx, in.ServerID)
	if err != nil {
		return err
	}
	if srv.ExternalID == nil {
		return nil
	}
	err = a.DC.DeleteServer(ctx, *srv.ExternalID)
	if errors.Is(err, datacenter.ErrNotFound) {
		return nil
	}
	return err
}

// FinalizeCancellation bills the licences of the final month, closes the
// subscription and marks the server cancelled.
func (a *Activities) FinalizeCancellation(ctx context.Context, in CancelInput) error {
	sub, err := a.Subscriptions.Get(ctx, in.ServerID)
	if err != nil && !errors.Is(err, billing.ErrNotFound) {
		return err
	}
	if sub != nil && sub.EndedAt != nil {
		return nil
	}

	lics, err := a.Servers.Licenses(ctx, in.ServerID)
	if err != nil {
		return err
	}
	var licenceCents int64
	for _, l := range lics {
		licenceCents += l.MonthlyCents
	}
	if err := a.Subscriptions.AddFinalCharge(ctx, billing.FinalCharge{
		ServerID:    in.ServerID,
		CustomerID:  in.CustomerID,
		Description: fmt.Sprintf("Licences, final month (server %s)", in.ServerID.String()[:8]),
		AmountCents: licenceCents,
	}); err != nil {
		return err
	}

	now := time.Now().UTC()
	if _, err := a.Subscriptions.Close(ctx, in.ServerID, now); err != nil {
		return err
	}
	if _, err := a.Servers.Transition(ctx, in.ServerID, servers.StatusCancelled, servers.StatusCancelling); err != nil {
		return err
	}
	return a.Events.Publish(ctx, events.TopicServerCancelled, events.ServerCancelled{
		ServerID: in.ServerID, CustomerID: in.CustomerID, CancelledAt: now,
	}, messaging.WithMessageID("server-cancelled-"+in.ServerID.String()))
}

// RefundCreditBalance returns the customer's remaining balance to their card.
func (a *Activities) RefundCreditBalance(ctx context.Context, in CancelInput) error {
	cust, err := a.Customers.Get(ctx, in.CustomerID)
	if err != nil {
		return err
	}
	if cust.BalanceCents <= 0 {
		return nil
	}
	last, err := a.Payments.LatestSucceededForCustomer(ctx, in.CustomerID)
	if errors.Is(err, billing.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	refunded, err := a.Payments.RefundedTotal(ctx, last.ID)
	if err != nil {
		return err
	}
	amount := min(cust.BalanceCents, last.AmountCents-refunded)
	if amount <= 0 {
		return nil
	}

	key := fmt.Sprintf("balance-refund-%s-%d", in.CustomerID, time.Now().UnixNano())
	res, err := a.Refunder.Refund(ctx, *last.ProviderRef, amount, "requested_by_customer",
		payments.WithIdempotencyKey(key),
		payments.WithMetadata("customer_id", in.CustomerID.String()),
	)
	if err != nil {
		return err
	}

	return a.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := a.Payments.WithTx(tx).CreateRefund(ctx, &billing.Refund{
			PaymentID:   last.ID,
			AmountCents: amount,
			Reason:      "account_closure",
			ProviderRef: res.ProviderRef,
			Status:      res.Status,
		}); err != nil {
			return err
		}
		return a.Customers.WithTx(tx).AdjustBalance(ctx, in.CustomerID, -amount)
	})
}
