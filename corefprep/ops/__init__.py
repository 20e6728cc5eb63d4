"""Operating a run: status, the HTML report, the doctor."""
