package service

import (
	"context"
	"fmt"
	"net/mail"
	"strings"

	"github.com/google/uuid"

	"github.com/acme/payroll/internal/domain"
)

type CreateEmployeeInput struct {
	CompanyID       uuid.UUID
	EmployeeNumber  string
	FullName        string
	Email           string
	BankAccountRef  string
	StripeAccountID string
	Actor           string
}

type EmployeeService interface {
	Create(ctx context.Context, in CreateEmployeeInput) (*domain.Employee, bool, error)
}

type employeeService struct {
	uow       UnitOfWork
	employees EmployeeRepository
	audit     AuditLog
}

func NewEmployeeService(u UnitOfWork, e EmployeeRepository, a AuditLog) EmployeeService {
	return &employeeService{uow: u, employees: e, audit: a}
}

func (s *employeeService) Create(ctx context.Context, in CreateEmployeeInput) (*domain.Employee, bool, error) {
	in.EmployeeNumber = strings.TrimSpace(in.EmployeeNumber)
	if in.EmployeeNumber == "" || in.FullName == "" {
		return nil, false, fmt.Errorf("%w: employee_number and full_name are required", domain.ErrValidation)
	}
	if _, err := mail.ParseAddress(in.Email); err != nil {
		return nil, false, fmt.Errorf("%w: email: %v", domain.ErrValidation, err)
	}
	emp := &domain.Employee{
		ID:              uuid.New(),
		CompanyID:       in.CompanyID,
		EmployeeNumber:  in.EmployeeNumber,
		FullName:        in.FullName,
		Email:           in.Email,
		BankAccountRef:  in.BankAccountRef,
		StripeAccountID: in.StripeAccountID,
	}
	var created bool
	err := s.uow.Do(ctx, func(ctx context.Context) error {
		var err error
		created, err = s.employees.Create(ctx, emp)
		if err != nil || !created {
			return err
		}
		return s.audit.Append(ctx, in.Actor, "employee.created", emp.ID.String(), map[string]string{
			"employee_number": emp.EmployeeNumber,
		})
	})
	if err != nil {
		return nil, false, err
	}
	return emp, created, nil
}
