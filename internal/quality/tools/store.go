package tools

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

// store is the SQL of tool templates and tools; every method takes the tenant and q.
type store struct{}

// The unique indexes that decide names and serial numbers.
const (
	templateNameKey = "tool_templates_name_key"
	toolSerialKey   = "tools_serial_number_key"
)

type templateRow struct {
	ID                      string    `db:"id"`
	Name                    string    `db:"name"`
	Description             *string   `db:"description"`
	CalibrationIntervalDays int32     `db:"calibration_interval_days"`
	CalibrationInstructions *string   `db:"calibration_instructions"`
	CreatedUtc              time.Time `db:"created_utc"`
	ModifiedUtc             time.Time `db:"modified_utc"`
	TotalCount              int       `db:"total_count"`
}

func (r templateRow) Total() int { return r.TotalCount }

func (r templateRow) template() Template {
	return Template{ID: r.ID, Name: r.Name, Description: r.Description, CalibrationIntervalDays: r.CalibrationIntervalDays,
		CalibrationInstructions: r.CalibrationInstructions, CreatedUtc: r.CreatedUtc.UTC(), ModifiedUtc: r.ModifiedUtc.UTC()}
}

const templateColumns = `t.id, t.name, t.description, t.calibration_interval_days, t.calibration_instructions, t.created_utc, t.modified_utc`

func templateNameTaken(err error, name string) error {
	if c, ok := db.UniqueViolation(err); ok && c == templateNameKey {
		return apperr.Field("name", "a tool template named %q already exists", name)
	}
	return nil
}

const insertTemplateSQL = `
INSERT INTO tool_templates (tenant_id, id, name, description, calibration_interval_days, calibration_instructions)
VALUES ($1, $2, $3, $4, $5, $6)`

// insertTemplate stores a new template; a name taken is a 400 naming name.
func (store) insertTemplate(ctx context.Context, q db.Q, tenantID, id string, w TemplateWrite) error {
	_, err := q.ExecContext(ctx, insertTemplateSQL, tenantID, id, w.Name, w.Description, w.CalibrationIntervalDays, w.CalibrationInstructions)
	if taken := templateNameTaken(err, w.Name); taken != nil {
		return taken
	}
	if err != nil {
		return fmt.Errorf("insert tool template: %w", err)
	}
	return nil
}

// getTemplate reads live template id, locked when lock is set; missing is NotFound.
func (store) getTemplate(ctx context.Context, q db.Q, tenantID, id string, lock bool) (Template, error) {
	query := `SELECT ` + templateColumns + `, 0 AS total_count FROM tool_templates t
WHERE t.tenant_id = $1 AND t.id = $2 AND t.deleted_utc IS NULL`
	if lock {
		query += ` FOR UPDATE`
	}
	var r templateRow
	err := sqlx.GetContext(ctx, q, &r, query, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Template{}, apperr.NotFound("tool template %s not found", id)
	}
	if err != nil {
		return Template{}, fmt.Errorf("read tool template: %w", err)
	}
	return r.template(), nil
}

const shareTemplateSQL = `SELECT true FROM tool_templates WHERE tenant_id = $1 AND id = $2 AND deleted_utc IS NULL FOR SHARE`

// shareTemplate share-locks live template id until q's transaction ends; missing is NotFound.
func (store) shareTemplate(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	found, err := db.Found(ctx, q, "tool template", shareTemplateSQL, tenantID, id)
	if err == nil && !found {
		return false, apperr.NotFound("tool template %s not found", id)
	}
	return found, err
}

const updateTemplateSQL = `
UPDATE tool_templates SET name = $3, description = $4, calibration_interval_days = $5, calibration_instructions = $6,
       modified_utc = now()
WHERE tenant_id = $1 AND id = $2`

// updateTemplate replaces template id's members; a name taken is a 400 naming name.
func (store) updateTemplate(ctx context.Context, q db.Q, tenantID, id string, w TemplateWrite) error {
	_, err := q.ExecContext(ctx, updateTemplateSQL, tenantID, id, w.Name, w.Description, w.CalibrationIntervalDays, w.CalibrationInstructions)
	if taken := templateNameTaken(err, w.Name); taken != nil {
		return taken
	}
	if err != nil {
		return fmt.Errorf("update tool template: %w", err)
	}
	return nil
}

const templateInUseSQL = `SELECT true FROM tools WHERE tenant_id = $1 AND tool_template_id = $2 AND deleted_utc IS NULL LIMIT 1`

// templateInUse reports whether a live tool uses template id.
func (store) templateInUse(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return db.Found(ctx, q, "tool of template", templateInUseSQL, tenantID, id)
}

const softDeleteTemplateSQL = `UPDATE tool_templates SET deleted_utc = now(), modified_utc = now() WHERE tenant_id = $1 AND id = $2`

// softDeleteTemplate marks template id deleted.
func (store) softDeleteTemplate(ctx context.Context, q db.Q, tenantID, id string) error {
	if _, err := q.ExecContext(ctx, softDeleteTemplateSQL, tenantID, id); err != nil {
		return fmt.Errorf("delete tool template: %w", err)
	}
	return nil
}

const listTemplatesSelect = `SELECT ` + templateColumns + `, COUNT(*) OVER () AS total_count FROM tool_templates t`

// listTemplates answers page p of the live templates matching f and how many match.
func (store) listTemplates(ctx context.Context, q db.Q, tenantID string, f TemplateFilter, p listing.Page) ([]Template, int, error) {
	lq := listing.NewQuery("t.tenant_id", tenantID)
	lq.Where("t.deleted_utc IS NULL")
	listing.AnyOf(lq, "t.id", f.IDs)
	if f.Search != nil {
		lq.Where("t.name ILIKE %s", listing.ContainsPattern(*f.Search))
	}
	out, total, err := listing.SelectPage(ctx, q, lq, listTemplatesSelect, p, templateRow.template)
	if err != nil {
		return nil, 0, fmt.Errorf("list tool templates: %w", err)
	}
	return out, total, nil
}

type toolRow struct {
	ID                      string     `db:"id"`
	SerialNumber            string     `db:"serial_number"`
	Name                    string     `db:"name"`
	Description             *string    `db:"description"`
	TemplateID              string     `db:"tool_template_id"`
	TemplateName            string     `db:"template_name"`
	LocationID              *string    `db:"location_id"`
	Status                  Status     `db:"status"`
	CalibrationIntervalDays *int32     `db:"calibration_interval_days"`
	EffectiveIntervalDays   int32      `db:"effective_interval_days"`
	LastCalibratedDate      *time.Time `db:"last_calibrated_date"`
	NextDueDate             *time.Time `db:"next_due_date"`
	CreatedUtc              time.Time  `db:"created_utc"`
	ModifiedUtc             time.Time  `db:"modified_utc"`
	TotalCount              int        `db:"total_count"`
}

func (r toolRow) Total() int { return r.TotalCount }

// dateText writes a calendar day for a date parameter (no instant, so no session timezone).
func dateText(d time.Time) string { return d.Format(time.DateOnly) }

func dayOf(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	d := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	return &d
}

func (r toolRow) tool() Tool {
	return Tool{ID: r.ID, SerialNumber: r.SerialNumber, Name: r.Name, Description: r.Description, TemplateID: r.TemplateID,
		TemplateName: r.TemplateName, LocationID: r.LocationID, Status: r.Status, CalibrationIntervalDays: r.CalibrationIntervalDays,
		EffectiveIntervalDays: r.EffectiveIntervalDays, LastCalibratedDate: dayOf(r.LastCalibratedDate), NextDueDate: dayOf(r.NextDueDate),
		CreatedUtc: r.CreatedUtc.UTC(), ModifiedUtc: r.ModifiedUtc.UTC()}
}

// toolSelect reads tools (t) with their template's name and the interval in force, through
// the template's key (subqueries, so a page of a long list never joins the whole table).
const toolSelect = `SELECT t.id, t.serial_number, t.name, t.description, t.tool_template_id,
       (SELECT tt.name FROM tool_templates tt WHERE tt.tenant_id = t.tenant_id AND tt.id = t.tool_template_id) AS template_name,
       t.location_id, t.status, t.calibration_interval_days,
       COALESCE(t.calibration_interval_days, (SELECT tt.calibration_interval_days FROM tool_templates tt
                                              WHERE tt.tenant_id = t.tenant_id AND tt.id = t.tool_template_id)) AS effective_interval_days,
       t.last_calibrated_date, t.next_due_date, t.created_utc, t.modified_utc`

const toolFrom = `
  FROM tools t`

func serialTaken(err error, serial string) error {
	if c, ok := db.UniqueViolation(err); ok && c == toolSerialKey {
		return apperr.Field("serialNumber", "a tool with serial number %q already exists", serial)
	}
	return nil
}

const insertToolSQL = `
INSERT INTO tools (tenant_id, id, serial_number, name, description, tool_template_id, location_id, status, calibration_interval_days)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`

// insertTool stores a new tool; a serial number taken is a 400 naming serialNumber.
func (store) insertTool(ctx context.Context, q db.Q, tenantID, id string, w ToolWrite) error {
	_, err := q.ExecContext(ctx, insertToolSQL, tenantID, id, w.SerialNumber, w.Name, w.Description, w.TemplateID, w.LocationID,
		w.Status, w.CalibrationIntervalDays)
	if taken := serialTaken(err, w.SerialNumber); taken != nil {
		return taken
	}
	if err != nil {
		return fmt.Errorf("insert tool: %w", err)
	}
	return nil
}

// getTool reads live tool id, locked when lock is set; missing is NotFound.
func (store) getTool(ctx context.Context, q db.Q, tenantID, id string, lock bool) (Tool, error) {
	query := toolSelect + `, 0 AS total_count` + toolFrom + ` WHERE t.tenant_id = $1 AND t.id = $2 AND t.deleted_utc IS NULL`
	if lock {
		query += ` FOR UPDATE`
	}
	var r toolRow
	err := sqlx.GetContext(ctx, q, &r, query, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Tool{}, apperr.NotFound("tool %s not found", id)
	}
	if err != nil {
		return Tool{}, fmt.Errorf("read tool: %w", err)
	}
	return r.tool(), nil
}

const updateToolSQL = `
UPDATE tools SET serial_number = $3, name = $4, description = $5, tool_template_id = $6, location_id = $7, status = $8,
       calibration_interval_days = $9, modified_utc = now()
WHERE tenant_id = $1 AND id = $2`

// updateTool replaces tool id's members; a serial number taken is a 400 naming serialNumber.
func (store) updateTool(ctx context.Context, q db.Q, tenantID, id string, w ToolWrite) error {
	_, err := q.ExecContext(ctx, updateToolSQL, tenantID, id, w.SerialNumber, w.Name, w.Description, w.TemplateID, w.LocationID,
		w.Status, w.CalibrationIntervalDays)
	if taken := serialTaken(err, w.SerialNumber); taken != nil {
		return taken
	}
	if err != nil {
		return fmt.Errorf("update tool: %w", err)
	}
	return nil
}

// recomputeSet is the SET of a recompute: the newest calibration's day, the newest passing
// one's, and the next due day from the interval in force (the tool's or its template's).
const recomputeSet = `
SET last_calibrated_date = (SELECT max(c.calibrated_date) FROM tool_calibrations c WHERE c.tenant_id = t.tenant_id AND c.tool_id = t.id),
    last_passed_date = (SELECT max(c.calibrated_date) FROM tool_calibrations c
                        WHERE c.tenant_id = t.tenant_id AND c.tool_id = t.id AND c.result IN ('pass', 'adjusted')),
    next_due_date = (SELECT max(c.calibrated_date) FROM tool_calibrations c
                     WHERE c.tenant_id = t.tenant_id AND c.tool_id = t.id AND c.result IN ('pass', 'adjusted'))
                    + COALESCE(t.calibration_interval_days,
                               (SELECT tt.calibration_interval_days FROM tool_templates tt
                                WHERE tt.tenant_id = t.tenant_id AND tt.id = t.tool_template_id)),
    modified_utc = now()`

const recomputeToolSQL = `UPDATE tools t` + recomputeSet + ` WHERE t.tenant_id = $1 AND t.id = $2`

// recomputeTool stores tool id's calibration dates from its calibrations, in one statement.
func (store) recomputeTool(ctx context.Context, q db.Q, tenantID, id string) error {
	if _, err := q.ExecContext(ctx, recomputeToolSQL, tenantID, id); err != nil {
		return fmt.Errorf("recompute tool dates: %w", err)
	}
	return nil
}

const recomputeTemplateToolsSQL = `UPDATE tools t` + recomputeSet + `
WHERE t.tenant_id = $1 AND t.tool_template_id = $2 AND t.deleted_utc IS NULL AND t.calibration_interval_days IS NULL
  AND t.next_due_date IS DISTINCT FROM t.last_passed_date + (SELECT tt.calibration_interval_days FROM tool_templates tt
                                                              WHERE tt.tenant_id = t.tenant_id AND tt.id = t.tool_template_id)`

// recomputeTemplateTools moves the next due day of template id's live tools that take its
// interval (and only those whose day changes), in one statement.
func (store) recomputeTemplateTools(ctx context.Context, q db.Q, tenantID, id string) error {
	if _, err := q.ExecContext(ctx, recomputeTemplateToolsSQL, tenantID, id); err != nil {
		return fmt.Errorf("recompute template tools: %w", err)
	}
	return nil
}

const softDeleteToolSQL = `UPDATE tools SET deleted_utc = now(), modified_utc = now() WHERE tenant_id = $1 AND id = $2 AND deleted_utc IS NULL`

// softDeleteTool marks live tool id deleted and reports whether there was one.
func (store) softDeleteTool(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	res, err := q.ExecContext(ctx, softDeleteToolSQL, tenantID, id)
	if err != nil {
		return false, fmt.Errorf("delete tool: %w", err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

const listToolsSelect = toolSelect + `, COUNT(*) OVER () AS total_count` + toolFrom

// listTools answers page p of the live tools matching f and how many match, in one statement.
func (store) listTools(ctx context.Context, q db.Q, tenantID string, f ToolFilter, p listing.Page) ([]Tool, int, error) {
	lq := listing.NewQuery("t.tenant_id", tenantID)
	lq.Where("t.deleted_utc IS NULL")
	listing.AnyOf(lq, "t.id", f.IDs)
	listing.AnyOf(lq, "t.status", f.Statuses)
	listing.AnyOf(lq, "t.tool_template_id", f.TemplateIDs)
	listing.AnyOf(lq, "t.location_id", f.LocationIDs)
	if f.DueOnOrBefore != nil {
		lq.Where("t.next_due_date <= %s::date", dateText(*f.DueOnOrBefore))
	}
	if f.Overdue != nil {
		if *f.Overdue {
			lq.Where("t.next_due_date < %s::date", dateText(f.today))
		} else {
			lq.Where("(t.next_due_date IS NULL OR t.next_due_date >= %s::date)", dateText(f.today))
		}
	}
	if f.Search != nil {
		pattern := listing.ContainsPattern(*f.Search)
		lq.Where("(t.serial_number ILIKE %s OR t.name ILIKE %s)", pattern, pattern)
	}
	out, total, err := listing.SelectPage(ctx, q, lq, listToolsSelect, p, toolRow.tool)
	if err != nil {
		return nil, 0, fmt.Errorf("list tools: %w", err)
	}
	return out, total, nil
}

// showsSQL is what a tool's ETag folds in beside its version: its template's, whose name and
// interval the tool shows.
const showsSQL = `(SELECT tt.version FROM tool_templates tt WHERE tt.tenant_id = t.tenant_id AND tt.id = t.tool_template_id)`
